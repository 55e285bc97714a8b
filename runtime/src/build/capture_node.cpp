#include "build/capture_node.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "build/cublas_loaded.h"
#include "build/cublaslt_loaded.h"
#include "build/cufft_loaded.h"
#include "build/cusparse_loaded.h"
#include "build/function_call_nodes.h"
#include "build/node_params.h"
#include "cub_dispatch.h"

namespace graphc::detail {
namespace {

// A param's value as a capture function receives it: a scalar, in the first 8 bytes (the
// validator passes no vector param to a capture).
std::array<std::byte, 8> scalar_bytes(const Slot& slot) {
  std::array<std::byte, 8> out{};
  std::copy_n(slot.bytes.begin(), out.size(), out.begin());
  return out;
}

cudaDataType cuda_data_type(ir::ScalarType type) {
  switch (type) {
    case ir::ScalarType::f16: return CUDA_R_16F;
    case ir::ScalarType::bf16: return CUDA_R_16BF;
    case ir::ScalarType::f64: return CUDA_R_64F;
    default: return CUDA_R_32F;  // the validator allows f32, f64, f16 and bf16 only
  }
}

float as_float(const CaptureArgs::Arg& arg) {
  float out = 0;
  std::memcpy(&out, arg.bytes.data(), sizeof(out));
  return out;
}

GemmShape gemm_shape(const ir::LibraryCall& call) {
  const ir::GemmCall& g = call.gemm;
  GemmShape s;
  s.transpose_a = g.transpose_a;
  s.transpose_b = g.transpose_b;
  s.m = static_cast<int>(g.m);
  s.n = static_cast<int>(g.n);
  s.k = static_cast<int>(g.k);
  s.lda = static_cast<int>(g.lda);
  s.ldb = static_cast<int>(g.ldb);
  s.ldc = static_cast<int>(g.ldc);
  s.batched = call.op == ir::LibraryOp::cublas_gemm_strided_batched;
  s.stride_a = g.stride_a;
  s.stride_b = g.stride_b;
  s.stride_c = g.stride_c;
  s.batch = static_cast<int>(g.batch);
  return s;
}

// The pointer operand `name` of `call` passes, or null when its operation takes none of
// that name.
void* operand(const ir::LibraryCall& call, const std::vector<CaptureArgs::Arg>& args, std::string_view name) {
  const std::uint32_t at = ir::operand_index(call.op, name);
  return at == UINT32_MAX ? nullptr : args[at].pointer;
}

// The cuBLAS level 1 or 2 operation of `op`, one of them.
BlasOp blas_op(ir::LibraryOp op) {
  switch (op) {
    case ir::LibraryOp::cublas_nrm2: return BlasOp::nrm2;
    case ir::LibraryOp::cublas_axpy: return BlasOp::axpy;
    case ir::LibraryOp::cublas_scal: return BlasOp::scal;
    case ir::LibraryOp::cublas_copy: return BlasOp::copy;
    case ir::LibraryOp::cublas_gemv: return BlasOp::gemv;
    default: return BlasOp::dot;
  }
}

BlasShape blas_shape(const ir::LibraryCall& call) {
  const ir::VectorCall& v = call.vector;
  return BlasShape{blas_op(call.op),        v.transpose,
                   static_cast<int>(v.m),   static_cast<int>(v.n),
                   static_cast<int>(v.lda), static_cast<int>(v.incx),
                   static_cast<int>(v.incy)};
}

BlasOperands blas_operands(const ir::LibraryCall& call, const std::vector<CaptureArgs::Arg>& args) {
  return BlasOperands{operand(call, args, "alpha"), operand(call, args, "A"), operand(call, args, "x"),
                      operand(call, args, "beta"),  operand(call, args, "y"), operand(call, args, "result")};
}

MatmulEpilogue epilogue_of(ir::LibraryOp op) {
  switch (ir::matmul_epilogue(op)) {
    case ir::MatmulEpilogue::bias: return MatmulEpilogue::bias;
    case ir::MatmulEpilogue::relu: return MatmulEpilogue::relu;
    case ir::MatmulEpilogue::bias_relu: return MatmulEpilogue::bias_relu;
    case ir::MatmulEpilogue::gelu: return MatmulEpilogue::gelu;
    case ir::MatmulEpilogue::bias_gelu: return MatmulEpilogue::bias_gelu;
    case ir::MatmulEpilogue::none: break;
  }
  return MatmulEpilogue::none;
}

MatmulOperands matmul_operands(const ir::LibraryCall& call, const std::vector<CaptureArgs::Arg>& args) {
  return MatmulOperands{operand(call, args, "A"), operand(call, args, "B"), operand(call, args, "C"),
                        operand(call, args, "bias")};
}

CubOp cub_op(ir::LibraryOp op) {
  switch (op) {
    case ir::LibraryOp::cub_reduce_min: return CubOp::reduce_min;
    case ir::LibraryOp::cub_reduce_max: return CubOp::reduce_max;
    case ir::LibraryOp::cub_inclusive_sum: return CubOp::inclusive_sum;
    case ir::LibraryOp::cub_exclusive_sum: return CubOp::exclusive_sum;
    case ir::LibraryOp::cub_radix_sort_keys: return CubOp::radix_sort_keys;
    case ir::LibraryOp::cub_radix_sort_pairs: return CubOp::radix_sort_pairs;
    default: return CubOp::reduce_sum;
  }
}

// The call of a CUB capture node on its operands' current memory, as CubLibrary takes it.
auto cub_call_of(const ir::LibraryCall& call, const std::vector<CaptureArgs::Arg>& args) {
  const bool sort = call.op == ir::LibraryOp::cub_radix_sort_keys || call.op == ir::LibraryOp::cub_radix_sort_pairs;
  const CubOperands operands{operand(call, args, sort ? "keys_in" : "in"),
                             operand(call, args, sort ? "keys_out" : "out"), operand(call, args, "values_in"),
                             operand(call, args, "values_out")};
  return [op = cub_op(call.op), keys = call.type, values = call.value_type, n = call.count,
          operands](void* storage, std::size_t& bytes, cudaStream_t stream) {
    return cub_call(op, keys, values, n, operands, storage, bytes, stream);
  };
}

FftShape fft_shape(const ir::LibraryCall& call) {
  const ir::FftCall& f = call.fft;
  const FftKind kind = call.op == ir::LibraryOp::cufft_r2c   ? FftKind::r2c
                       : call.op == ir::LibraryOp::cufft_c2r ? FftKind::c2r
                                                             : FftKind::c2c;
  return FftShape{kind, call.type == ir::ScalarType::f64, f.inverse, f.nx, f.ny, f.nz, f.batch};
}

SpmmShape spmm_shape(const ir::LibraryCall& call) {
  const ir::VectorCall& v = call.vector;
  return SpmmShape{v.transpose, v.rows, v.cols, v.n, v.nnz, v.ldb, v.ldc};
}

SpmmOperands spmm_operands(const ir::LibraryCall& call, const std::vector<CaptureArgs::Arg>& args) {
  return SpmmOperands{operand(call, args, "rowOffsets"), operand(call, args, "colInd"), operand(call, args, "values"),
                      operand(call, args, "B"), operand(call, args, "C")};
}

SpmvShape spmv_shape(const ir::LibraryCall& call) {
  return SpmvShape{call.vector.transpose, call.vector.rows, call.vector.cols, call.vector.nnz};
}

SpmvOperands spmv_operands(const ir::LibraryCall& call, const std::vector<CaptureArgs::Arg>& args) {
  return SpmvOperands{operand(call, args, "rowOffsets"), operand(call, args, "colInd"), operand(call, args, "values"),
                      operand(call, args, "x"), operand(call, args, "y")};
}

}  // namespace

CaptureCall::CaptureCall(const ProgramState& program, const ir::Graph& graph, const ir::Node& node,
                         const std::vector<void*>& buffers, const std::vector<Slot>& params, CapturePlace place,
                         const CaptureFn* fn, CaptureResources& resources)
    : node_(&node),
      call_(&std::get<ir::CaptureNode>(node.op)),
      library_(std::get<ir::CaptureNode>(node.op).library),
      location_(program.sources().location(node.range)),
      place_(place),
      fn_(fn) {
  set_args(graph, *call_, buffers, params);
  resources.stream(node.name.c_str(), location_.c_str());  // before any capture begins
  if (library_.op == ir::LibraryOp::cusparse_spmv) {
    workspace_ = resources.cusparse.add_spmv(loaded_cusparse(node.name, location_), cuda_data_type(library_.type),
                                             spmv_shape(library_), spmv_operands(library_, args_), node.name.c_str(),
                                             location_.c_str());
  } else if (library_.op == ir::LibraryOp::cusparse_spmm) {
    workspace_ = resources.cusparse.add_spmm(loaded_cusparse(node.name, location_), cuda_data_type(library_.type),
                                             spmm_shape(library_), spmm_operands(library_, args_), node.name.c_str(),
                                             location_.c_str());
  } else if (ir::is_cub(library_.op)) {
    workspace_ = resources.cub.add(cub_call_of(library_, args_), node.name.c_str(), location_.c_str());
  } else if (ir::is_fft(library_.op)) {
    workspace_ = resources.cufft.add_fft(loaded_cufft(node.name, location_), fft_shape(library_), node.name.c_str(),
                                         location_.c_str());
  } else if (ir::is_matmul(library_.op)) {
    workspace_ =
        resources.cublaslt.add_matmul(loaded_cublaslt(node.name, location_), cuda_data_type(library_.type),
                                      gemm_shape(library_), epilogue_of(library_.op), matmul_operands(library_, args_),
                                      node.name.c_str(), location_.c_str(),
                                      program.options.tune_matmuls ? MatmulTuning::timed : MatmulTuning::heuristic,
                                      as_float(args_[ir::gemm_operands(library_.op).beta]));
  } else if (library_.op != ir::LibraryOp::none) {
    workspace_ =
        resources.cublas.add_workspace(loaded_cublas(node.name, location_), node.name.c_str(), location_.c_str());
  }
}

CaptureCall::CaptureCall(const ProgramState& program, const ir::Graph& graph, const ir::Node& node,
                         const std::vector<void*>& buffers, CapturePlace place, ncclComm* comm, const NcclApi& nccl,
                         CaptureResources& resources)
    : node_(&node),
      call_(&std::get<ir::CollectiveNode>(node.op)),
      collective_(&std::get<ir::CollectiveNode>(node.op).collective),
      comm_(comm),
      nccl_(&nccl),
      register_(graph.comm(collective_->comm).registration == ir::CommRegistration::buffers),
      location_(program.sources().location(node.range)),
      place_(place) {
  set_args(graph, *call_, buffers, {});
  resources.stream(node.name.c_str(), location_.c_str());  // before any capture begins
}

void CaptureCall::set_args(const ir::Graph& graph, const ir::FunctionCall& call, const std::vector<void*>& buffers,
                           const std::vector<Slot>& params) {
  args_.resize(call.args.size());
  params_.resize(call.args.size());
  buffers_.resize(call.args.size());
  byte_offsets_.resize(call.args.size());
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    const ir::KernelArg& arg = call.args[i];
    CaptureArgs::Arg& out = args_[i];
    switch (arg.kind) {
      case ir::KernelArg::Kind::buffer: {
        const ir::Buffer& buffer = graph.buffer(arg.buffer);
        out.is_buffer = true;
        out.type = buffer.type;
        const MemoryPlace place = memory_place(graph, arg.buffer, arg.offset);
        buffers_[i] = place.root;
        byte_offsets_[i] = place.bytes;
        out.pointer = address_of(buffers, place);
        out.elements = static_cast<std::size_t>(static_cast<std::int64_t>(buffer.count_value) - arg.offset);
        break;
      }
      case ir::KernelArg::Kind::param:
        out.type = graph.param(arg.param).type;
        out.bytes = scalar_bytes(params.at(arg.param.value));
        params_[i] = arg.param;
        break;
      case ir::KernelArg::Kind::value:
        out.type = arg.value.type;
        out.bytes = arg.value.bytes();
        break;
      default:  // no cond or `@g` reaches a capture; a collective's communicator is comm_
        break;
    }
  }
}

bool CaptureCall::uses(ir::ParamId id) const {
  for (const ir::ParamId p : params_) {
    if (p == id) return true;
  }
  return false;
}

void CaptureCall::set_param(ir::ParamId id, const Slot& value) {
  for (std::size_t i = 0; i < params_.size(); ++i) {
    if (params_[i] == id) args_[i].bytes = scalar_bytes(value);
  }
}

bool CaptureCall::uses(ir::BufferId id) const {
  return std::find(buffers_.begin(), buffers_.end(), id) != buffers_.end();
}

void CaptureCall::set_buffer(ir::BufferId id, void* base) {
  for (std::size_t i = 0; i < buffers_.size(); ++i) {
    if (buffers_[i] == id) args_[i].pointer = static_cast<std::byte*>(base) + byte_offsets_[i];
  }
}

cudaGraph_t CaptureCall::capture(CaptureResources& resources) {
  const char* node = node_->name.c_str();
  cudaGraph_t graph = nullptr;
  if (collective_ != nullptr) {
    if (register_) {
      const std::size_t element = ir::type_size(collective_->type);
      register_collective_buffers(*nccl_, comm_, collective_call(), collective_->send_count * element,
                                  collective_->recv_count * element, registered_.held, node, location_.c_str());
    }
    graph = capture_graph(
        resources.stream(node, location_.c_str()),
        [&](cudaStream_t stream) { run_collective(*nccl_, collective_call(), comm_, stream); }, place_, node,
        location_.c_str());
    shape_ = captured_shape(graph);
    return graph;
  }
  if (library_.op == ir::LibraryOp::none) {
    const CaptureArgs args(node_->name, call_->function, location_, args_);
    graph = capture_graph(
        resources.stream(node, location_.c_str()), [&](cudaStream_t stream) { (*fn_)(stream, args); }, place_, node,
        location_.c_str());
    shape_ = captured_shape(graph);
    return graph;
  }
  graph = capture_graph(
      resources.stream(node, location_.c_str()), [&](cudaStream_t stream) { call_library(resources, stream); }, place_,
      node, location_.c_str());
  shape_ = captured_shape(graph);
  return graph;
}

void CaptureCall::call_library(CaptureResources& resources, cudaStream_t stream) const {
  const cudaDataType type = cuda_data_type(library_.type);
  if (ir::is_cub(library_.op)) {
    resources.cub.run(workspace_, cub_call_of(library_, args_), stream);
    return;
  }
  if (ir::is_fft(library_.op)) {
    resources.cufft.exec(stream, workspace_, operand(library_, args_, "in"), operand(library_, args_, "out"));
    return;
  }
  if (ir::is_matmul(library_.op)) {
    const ir::GemmOperands at = ir::gemm_operands(library_.op);
    resources.cublaslt.matmul(stream, workspace_, as_float(args_[at.alpha]), matmul_operands(library_, args_),
                              as_float(args_[at.beta]));
    return;
  }
  switch (library_.op) {
    case ir::LibraryOp::cublas_gemm:
    case ir::LibraryOp::cublas_gemm_strided_batched: {
      const ir::GemmOperands at = ir::gemm_operands(library_.op);
      cublas_gemm(resources.cublas.bind(stream, workspace_), type, gemm_shape(library_), as_float(args_[at.alpha]),
                  args_[at.a].pointer, args_[at.b].pointer, as_float(args_[at.beta]), args_[at.c].pointer);
      return;
    }
    case ir::LibraryOp::cusparse_spmv:
      resources.cusparse.spmv(stream, workspace_, as_float(args_[ir::operand_index(library_.op, "alpha")]),
                              spmv_operands(library_, args_), as_float(args_[ir::operand_index(library_.op, "beta")]));
      return;
    case ir::LibraryOp::cusparse_spmm:
      resources.cusparse.spmm(stream, workspace_, as_float(args_[ir::operand_index(library_.op, "alpha")]),
                              spmm_operands(library_, args_), as_float(args_[ir::operand_index(library_.op, "beta")]));
      return;
    default:
      cublas_blas(resources.cublas.bind(stream, workspace_), type, blas_shape(library_),
                  blas_operands(library_, args_));
      return;
  }
}

// The collective's NCCL call: the buffers at their current addresses, the count, type,
// reduction, root and shift the validator resolved.
CollectiveCall CaptureCall::collective_call() const {
  const ir::CollectiveCall& c = *collective_;
  return CollectiveCall{static_cast<Collective>(c.op),
                        args_[ir::kCollectiveSend].pointer,
                        args_[ir::kCollectiveRecv].pointer,
                        static_cast<std::size_t>(c.nccl_count()),
                        nccl_data_type(c.type),
                        static_cast<ncclRedOp_t>(c.reduce),
                        static_cast<int>(c.root),
                        static_cast<int>(c.shift)};
}

void CaptureCall::warm_up(CaptureResources& resources) const {
  if (collective_ == nullptr) return;
  const std::size_t element = ir::type_size(collective_->type);
  warm_up_collective(*nccl_, collective_call(), collective_->send_count * element, collective_->recv_count * element,
                     comm_, resources.stream(node_->name.c_str(), location_.c_str()), node_->name.c_str(),
                     location_.c_str());
}

CapturePlace capture_place(const ir::Graph& graph, const ir::Node& node, CapturePlace outer) {
  if (graph.device_launch.valid()) return CapturePlace::device_graph;
  if (node.body.valid()) return CapturePlace::conditional_body;
  return outer;
}

// The captured graph moves into a child graph node, which destroys it with the graph.
cudaGraphNodeParams function_call_node_params(NodeBuild& b, const ir::CaptureNode& /*op*/) {
  CaptureCall& call = b.built.captures[b.id.value] = CaptureCall(
      b.program, b.graph, b.node, b.buffers, b.params, b.place, b.functions.captures[b.id.value], b.resources);
  b.owned = GraphHandle(call.capture(b.resources));
  return child_graph_node_params(b.owned.get());
}

}  // namespace graphc::detail

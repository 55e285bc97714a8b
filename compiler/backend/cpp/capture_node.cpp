#include "backend/cpp/capture_node.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/function_call_nodes.h"
#include "backend/cpp/kernel_launch.h"
#include "ir/describe.h"
#include "ir/library_ops.h"
#include "ir/node_kind.h"
#include "ir/windows.h"

namespace graphc::backend {
namespace {

// The cudaDataType of a library call's data.
std::string_view cuda_data_type(ir::ScalarType type) {
  switch (type) {
    case ir::ScalarType::f16: return "CUDA_R_16F";
    case ir::ScalarType::bf16: return "CUDA_R_16BF";
    case ir::ScalarType::f64: return "CUDA_R_64F";
    default: return "CUDA_R_32F";  // the validator allows f32, f64, f16 and bf16 only
  }
}

// The expression operand `name` of a library call passes.
std::string operand(const GraphContext& context, const ir::CaptureNode& capture, std::string_view name) {
  return argument_expression(context, capture.args.at(ir::operand_index(capture.library.op, name)));
}

// `graphc::BlasShape{...}` of a level 1 or 2 call: its operation is the part of its name
// after `cublas.`.
std::string blas_shape(const ir::LibraryCall& call) {
  const std::string_view name = ir::library_op_info(call.op).name;
  const ir::VectorCall& v = call.vector;
  return fmt::format("graphc::BlasShape{{graphc::BlasOp::{}, {}, {}, {}, {}, {}, {}}}", name.substr(name.find('.') + 1),
                     v.transpose, v.m, v.n, v.lda, v.incx, v.incy);
}

// `{.x = ..., .result = ...}`: the graphc::BlasOperands of a level 1 or 2 call, those it
// takes by name.
std::string blas_operands(const GraphContext& context, const ir::CaptureNode& capture) {
  static constexpr std::pair<std::string_view, std::string_view> kFields[] = {
      {"alpha", "alpha"}, {"A", "a"}, {"x", "x"}, {"beta", "beta"}, {"y", "y"}, {"result", "result"}};
  std::vector<std::string> fields;
  for (const auto& [operand_name, field] : kFields) {
    if (ir::operand_index(capture.library.op, operand_name) != UINT32_MAX) {
      fields.push_back(fmt::format(".{} = {}", field, operand(context, capture, operand_name)));
    }
  }
  return fmt::format("{{{}}}", fmt::join(fields, ", "));
}

// `graphc::SpmvShape{...}` and `graphc::SpmvOperands{...}` of an SpMV.
std::string spmv_shape(const ir::LibraryCall& call) {
  const ir::VectorCall& v = call.vector;
  return fmt::format("graphc::SpmvShape{{{}, {}, {}, {}}}", v.transpose, v.rows, v.cols, v.nnz);
}
std::string spmv_operands(const GraphContext& context, const ir::CaptureNode& capture) {
  return fmt::format("graphc::SpmvOperands{{{}, {}, {}, {}, {}}}", operand(context, capture, "rowOffsets"),
                     operand(context, capture, "colInd"), operand(context, capture, "values"),
                     operand(context, capture, "x"), operand(context, capture, "y"));
}

// `graphc::MatmulEpilogue::bias_gelu`, ...: the runtime's enumerator of a matmul's epilogue.
std::string epilogue_enumerator(ir::LibraryOp op) {
  static constexpr std::string_view kEpilogues[] = {"none", "bias", "relu", "bias_relu", "gelu", "bias_gelu"};
  return fmt::format("graphc::MatmulEpilogue::{}", kEpilogues[static_cast<std::size_t>(ir::matmul_epilogue(op))]);
}

// `graphc::MatmulOperands{...}` of a matmul: A, B, C and the bias (nullptr without one).
std::string matmul_operands(const GraphContext& context, const ir::CaptureNode& capture) {
  const bool bias = ir::operand_index(capture.library.op, "bias") != UINT32_MAX;
  return fmt::format("graphc::MatmulOperands{{{}, {}, {}, {}}}", operand(context, capture, "A"),
                     operand(context, capture, "B"), operand(context, capture, "C"),
                     bias ? operand(context, capture, "bias") : std::string("nullptr"));
}

// `graphc::SpmmShape{...}` and `graphc::SpmmOperands{...}` of an SpMM.
std::string spmm_shape(const ir::LibraryCall& call) {
  const ir::VectorCall& v = call.vector;
  return fmt::format("graphc::SpmmShape{{{}, {}, {}, {}, {}, {}, {}}}", v.transpose, v.rows, v.cols, v.n, v.nnz, v.ldb,
                     v.ldc);
}
std::string spmm_operands(const GraphContext& context, const ir::CaptureNode& capture) {
  return fmt::format("graphc::SpmmOperands{{{}, {}, {}, {}, {}}}", operand(context, capture, "rowOffsets"),
                     operand(context, capture, "colInd"), operand(context, capture, "values"),
                     operand(context, capture, "B"), operand(context, capture, "C"));
}

// `graphc::FftShape{...}` of a resolved FFT.
std::string fft_shape(const ir::LibraryCall& call) {
  const ir::FftCall& f = call.fft;
  const std::string_view kind = call.op == ir::LibraryOp::cufft_r2c   ? "r2c"
                                : call.op == ir::LibraryOp::cufft_c2r ? "c2r"
                                                                      : "c2c";
  return fmt::format("graphc::FftShape{{graphc::FftKind::{}, {}, {}, {}, {}, {}, {}}}", kind,
                     call.type == ir::ScalarType::f64, f.inverse, f.nx, f.ny, f.nz, f.batch);
}

// `graphc::CubCall<graphc::CubOp::reduce_sum, float>{{in, out}, n}`: a CUB call with its
// operands at their current addresses (a SortPairs' values' type its third argument).
std::string cub_call(const GraphContext& context, const ir::CaptureNode& capture) {
  const ir::LibraryCall& call = capture.library;
  const std::string_view name = ir::library_op_info(call.op).name;
  const bool pairs = call.op == ir::LibraryOp::cub_radix_sort_pairs;
  const bool sort = pairs || call.op == ir::LibraryOp::cub_radix_sort_keys;
  std::vector<std::string> operands{operand(context, capture, sort ? "keys_in" : "in"),
                                    operand(context, capture, sort ? "keys_out" : "out")};
  if (pairs) {
    operands.push_back(operand(context, capture, "values_in"));
    operands.push_back(operand(context, capture, "values_out"));
  }
  return fmt::format("graphc::CubCall<graphc::CubOp::{}, {}{}>{{{{{}}}, {}}}", name.substr(name.find('.') + 1),
                     ir::cpp_type_name(call.type), pairs ? fmt::format(", {}", ir::cpp_type_name(call.value_type)) : "",
                     fmt::join(operands, ", "), call.count);
}

// `graphc::GemmShape{...}` of a resolved GEMM, field by field in declaration order.
std::string gemm_shape(const ir::LibraryCall& call) {
  const ir::GemmCall& g = call.gemm;
  const bool batched = call.op == ir::LibraryOp::cublas_gemm_strided_batched;
  return fmt::format("graphc::GemmShape{{{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}}}", g.transpose_a,
                     g.transpose_b, g.m, g.n, g.k, g.lda, g.ldb, g.ldc, batched, g.stride_a, g.stride_b, g.stride_c,
                     g.batch);
}

// `graphc::Collective::all_reduce`, ...: the runtime's enumerator of `op`.
std::string collective_enumerator(ir::CollectiveOp op) {
  static constexpr std::string_view kOps[] = {"",          "all_reduce", "all_gather", "reduce_scatter",
                                              "broadcast", "reduce",     "send_recv",  "all_to_all"};
  return fmt::format("graphc::Collective::{}", kOps[static_cast<std::size_t>(op)]);
}

// `graphc::CollectiveCall{...}` of a resolved collective, its buffers as `args` writes them;
// a send_recv's shift last.
std::string collective_call(const ir::CollectiveCall& c, const std::vector<std::string>& args) {
  static constexpr std::string_view kReduce[] = {"ncclSum", "ncclProd", "ncclMax", "ncclMin", "ncclAvg"};
  return fmt::format(
      "graphc::CollectiveCall{{{}, {}, {}, {}, graphc::nccl_data_type(graphc::ScalarType::{}), {}, {}{}}}",
      collective_enumerator(c.op), args.at(ir::kCollectiveSend), args.at(ir::kCollectiveRecv), c.nccl_count(),
      ir::type_name(c.type), kReduce[static_cast<std::size_t>(c.reduce)], c.root,
      c.op == ir::CollectiveOp::send_recv ? fmt::format(", {}", c.shift) : std::string());
}

// `graphc::CollectiveCall{...}` of a collective node, its buffers at their current addresses
// and its communicator `comm`.
std::string collective_call(const GraphContext& context, const ir::CollectiveNode& collective) {
  std::vector<std::string> args;
  for (const ir::KernelArg& arg : collective.args) {
    args.push_back(arg.kind == ir::KernelArg::Kind::comm ? "comm" : argument_expression(context, arg));
  }
  return collective_call(collective.collective, args);
}

// The statement that captures node `node`'s work on `stream`.
std::string capture_call(const GraphContext& context, const ir::CollectiveNode& collective) {
  return fmt::format("graphc::run_collective(nccl, {}, comm, stream);", collective_call(context, collective));
}

std::string capture_call(const GraphContext& context, const ir::CaptureNode& capture) {
  std::vector<std::string> args;
  for (const ir::KernelArg& arg : capture.args) args.push_back(argument_expression(context, arg));
  if (capture.library.op == ir::LibraryOp::none) {
    args.insert(args.begin(), "stream");
    return fmt::format("b.{}({});", context.names.capture_function(capture.function).member, fmt::join(args, ", "));
  }
  const std::string_view type = cuda_data_type(capture.library.type);
  if (ir::is_cub(capture.library.op)) {
    return fmt::format("resources.cub.run(workspace, {}, stream);", cub_call(context, capture));
  }
  if (ir::is_fft(capture.library.op)) {
    return fmt::format("resources.cufft.exec(stream, workspace, {}, {});", operand(context, capture, "in"),
                       operand(context, capture, "out"));
  }
  if (ir::is_matmul(capture.library.op)) {
    return fmt::format("resources.cublaslt.matmul(stream, workspace, {}, {}, {});", operand(context, capture, "alpha"),
                       matmul_operands(context, capture), operand(context, capture, "beta"));
  }
  switch (capture.library.op) {
    case ir::LibraryOp::cublas_gemm:
    case ir::LibraryOp::cublas_gemm_strided_batched: {
      const ir::GemmOperands at = ir::gemm_operands(capture.library.op);
      return fmt::format("graphc::cublas_gemm(resources.cublas.bind(stream, workspace), {}, {}, {}, {}, {}, {}, {});",
                         type, gemm_shape(capture.library), args.at(at.alpha), args.at(at.a), args.at(at.b),
                         args.at(at.beta), args.at(at.c));
    }
    case ir::LibraryOp::cusparse_spmv:
      return fmt::format("resources.cusparse.spmv(stream, workspace, {}, {}, {});", operand(context, capture, "alpha"),
                         spmv_operands(context, capture), operand(context, capture, "beta"));
    case ir::LibraryOp::cusparse_spmm:
      return fmt::format("resources.cusparse.spmm(stream, workspace, {}, {}, {});", operand(context, capture, "alpha"),
                         spmm_operands(context, capture), operand(context, capture, "beta"));
    default:
      return fmt::format("graphc::cublas_blas(resources.cublas.bind(stream, workspace), {}, {}, {});", type,
                         blas_shape(capture.library), blas_operands(context, capture));
  }
}

// A capture node's library operation; none for a registered function or a collective.
ir::LibraryOp library_op(const ir::Node& node) {
  const auto* capture = std::get_if<ir::CaptureNode>(&node.op);
  return capture != nullptr ? capture->library.op : ir::LibraryOp::none;
}

// `NAME_capture(b...)`; a collective's warms up when `building` (build(), not a recapture).
std::string capture_function_call(const GraphContext& context, std::size_t index, bool building) {
  const ir::Node& node = context.graph.nodes.at(index);
  const std::string& member = context.names.nodes.at(index);
  if (std::holds_alternative<ir::CollectiveNode>(node.op)) {
    const std::string& registered = context.names.registrations.at(index);
    const bool window = ir::over_window(context.graph, std::get<ir::CollectiveNode>(node.op));
    return fmt::format("{}_capture(b, /*warm_up=*/{}{})", member, building,
                       window               ? ", nodes." + context.names.windows
                       : registered.empty() ? ""
                                            : ", nodes." + registered);
  }
  if (library_op(node) == ir::LibraryOp::none) return fmt::format("{}_capture(b)", member);
  return fmt::format("{}_capture(b, nodes.{})", member, context.names.workspaces.at(index));
}

// A collective's NCCL entry points and communicator, checked against what the node passes:
// `nccl` and `comm` for its capture.
void write_communicator(CodeWriter& out, const GraphContext& context, const ir::Node& node,
                        const ir::CollectiveNode& collective) {
  const ir::CollectiveCall& c = collective.collective;
  const ir::Comm& comm = context.graph.comm(c.comm);
  const std::string name = string_literal(node.name);
  const std::string location = context.location_literal(node.name_range);
  out.line(fmt::format("const graphc::NcclApi& nccl = graphc::loaded_nccl({}, {});", name, location));
  out.line(fmt::format("ncclComm_t comm = graphc::require_communicator(b.{}, {}, {}, {});",
                       context.names.comms.at(c.comm.value), string_literal(comm.name),
                       string_literal(context.graph.name), context.location_literal(comm.name_range)));
  out.line(fmt::format("graphc::check_communicator(nccl, comm, {}, {}, {}, {}, {}, {}, {}, {}, {});",
                       collective_enumerator(c.op), c.send_count, c.recv_count, c.root, comm.world_size,
                       string_literal(comm.name), string_literal(context.graph.name), name, location));
  const std::size_t element = ir::type_size(c.type);
  out.line("// NCCL connects the ranks at a communicator's first collective of a kind, which it cannot");
  out.line("// do while capturing: every rank runs it once on scratch memory as it builds the graph.");
  out.line("if (warm_up) {");
  {
    const Indented body(out);
    out.line(fmt::format("graphc::warm_up_collective(nccl, {}, {}, {}, comm,",
                         collective_call(c, {"nullptr", "nullptr", "nullptr"}), c.send_count * element,
                         c.recv_count * element));
    out.line(fmt::format("    resources.stream({}, {}), {}, {});", name, location, name, location));
  }
  out.line("}");
}

// A collective over a `[register]` communicator: its buffers, at their current addresses,
// registered with it before each capture, in place of those `registered` held.
void write_registration(CodeWriter& out, const GraphContext& context, const ir::Node& node,
                        const ir::CollectiveNode& collective) {
  const ir::CollectiveCall& c = collective.collective;
  const std::size_t element = ir::type_size(c.type);
  out.line("// Registered with the communicator (`[register]`), outside the capture.");
  out.line(fmt::format("graphc::register_collective_buffers(nccl, comm, {}, {}, {}, registered, {}, {});",
                       collective_call(context, collective), c.send_count * element, c.recv_count * element,
                       string_literal(node.name), context.location_literal(node.name_range)));
}

// A collective over a `[window]` communicator: the memory of its buffers registered whole as
// windows of it, once (the first collective that passes a buffer registers it), before the
// capture.
void write_windows(CodeWriter& out, const GraphContext& context, const ir::Node& node,
                   const ir::CollectiveNode& collective) {
  out.line("// Its memory, windows of the communicator (`[window]`): registered once, on every rank.");
  std::vector<ir::BufferId> roots;
  for (const std::uint32_t at : {ir::kCollectiveSend, ir::kCollectiveRecv}) {
    const ir::BufferId root = context.graph.storage(collective.args[at].buffer).root;
    if (std::find(roots.begin(), roots.end(), root) != roots.end()) continue;
    roots.push_back(root);
    const std::string& member = context.names.buffers.at(root.value);
    out.line(fmt::format("windows.add(nccl, comm, b.{}, {}_count * sizeof(*b.{}), {}, {}, {});", member, member, member,
                         string_literal(context.graph.buffer(root).name), string_literal(node.name),
                         context.location_literal(node.name_range)));
  }
}

}  // namespace

bool is_captured(const ir::Node& node) { return ir::kind_info(node).update == UpdatePath::recapture; }

bool module_has_captures(const ir::Module& module) {
  return std::any_of(module.graphs.begin(), module.graphs.end(), [](const ir::Graph& graph) {
    return std::any_of(graph.nodes.begin(), graph.nodes.end(), is_captured);
  });
}

bool module_calls_cub(const ir::Module& module) {
  return std::any_of(module.graphs.begin(), module.graphs.end(), [](const ir::Graph& graph) {
    return std::any_of(graph.nodes.begin(), graph.nodes.end(),
                       [](const ir::Node& node) { return ir::is_cub(library_op(node)); });
  });
}

bool module_has_comms(const ir::Module& module) {
  return std::any_of(module.graphs.begin(), module.graphs.end(),
                     [](const ir::Graph& graph) { return !graph.comms.empty(); });
}

std::string capture_place(const GraphContext& context, const ir::Node& node) {
  if (context.graph.device_launch.valid()) return "graphc::CapturePlace::device_graph";
  if (node.body.valid()) return "graphc::CapturePlace::conditional_body";
  return fmt::format("b.{}", capture_place_member);
}

std::string capture_summary(const GraphContext& context, const ir::FunctionCall& capture) {
  std::vector<std::string> args;
  for (const ir::KernelArg& arg : capture.args) args.push_back(escape(ir::resolved_arg_text(context.graph, arg)));
  return fmt::format("{}({})", escape(capture.function), fmt::join(args, ", "));
}

void emit_capture_functions(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  bool first = true;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ir::Node& node = graph.nodes[i];
    if (!is_captured(node)) continue;
    const auto& call = static_cast<const ir::FunctionCall&>(*ir::function_call_of(node));
    const auto* capture = std::get_if<ir::CaptureNode>(&node.op);
    const auto* collective = std::get_if<ir::CollectiveNode>(&node.op);
    if (first) {
      out.line("namespace {");
      first = false;
    }
    const bool library = library_op(node) != ir::LibraryOp::none;
    const std::string name = string_literal(node.name);
    const std::string location = context.location_literal(node.name_range);
    out.blank();
    out.line(fmt::format("// {}: {} {}", escape(node.name), ir::kind_name(node), capture_summary(context, call)));
    out.line("// Returns the captured graph, owned by the caller.");
    const bool registers = !context.names.registrations[i].empty();
    const bool window = collective != nullptr && ir::over_window(graph, *collective);
    out.line(fmt::format("cudaGraph_t {}_capture(const Bindings& b{}) {{", context.names.nodes[i],
                         library                 ? ", std::size_t workspace"
                         : registers             ? ", bool warm_up, graphc::BufferRegistrations& registered"
                         : window                ? ", bool warm_up, graphc::NcclWindows& windows"
                         : collective != nullptr ? ", bool warm_up"
                                                 : ""));
    {
      const Indented body(out);
      out.line(fmt::format("graphc::CaptureResources& resources = graphc::require_capture_resources(b.{}, {}, {});",
                           capture_resources_member, name, location));
      if (collective != nullptr) write_communicator(out, context, node, *collective);
      if (capture != nullptr && !library) {
        out.line(fmt::format("graphc::require_capture_fn(b.{}, {}, {}, {});",
                             context.names.capture_function(capture->function).member,
                             string_literal(capture->function), name, location));
      }
      if (registers) write_registration(out, context, node, *collective);
      if (window) write_windows(out, context, node, *collective);
      out.line("return graphc::capture_graph(");
      out.line(fmt::format("    resources.stream({}, {}),", name, location));
      out.line("    [&](cudaStream_t stream) {");
      {
        const Indented lambda(out);  // three levels: inside the call's lambda
        const Indented in_call(out);
        const Indented in_lambda(out);
        context.write_at_source(out, node.range,
                                collective != nullptr ? capture_call(context, *collective)
                                                      : capture_call(context, *capture));
      }
      out.line("    },");
      out.line(fmt::format("    {}, {}, {});", capture_place(context, node), name, location));
    }
    out.line("}");
  }
  if (!first) {
    out.blank();
    out.line("}  // namespace");
  }
}

void write_capture_build(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes.at(index);
  const std::string name = string_literal(node.name);
  const std::string location = context.location_literal(node.name_range);
  const ir::LibraryOp library = library_op(node);
  const std::string resources =
      fmt::format("graphc::require_capture_resources(b.{}, {}, {})", capture_resources_member, name, location);
  if (library == ir::LibraryOp::cusparse_spmv) {
    const auto& capture = std::get<ir::CaptureNode>(node.op);
    out.line(fmt::format("nodes.{} = {}.cusparse.add_spmv(", context.names.workspaces[index], resources));
    out.line(fmt::format("    graphc::linked_cusparse(), {}, {},", cuda_data_type(capture.library.type),
                         spmv_shape(capture.library)));
    out.line(fmt::format("    {}, {}, {});", spmv_operands(context, capture), name, location));
  } else if (library == ir::LibraryOp::cusparse_spmm) {
    const auto& capture = std::get<ir::CaptureNode>(node.op);
    out.line(fmt::format("nodes.{} = {}.cusparse.add_spmm(", context.names.workspaces[index], resources));
    out.line(fmt::format("    graphc::linked_cusparse(), {}, {},", cuda_data_type(capture.library.type),
                         spmm_shape(capture.library)));
    out.line(fmt::format("    {}, {}, {});", spmm_operands(context, capture), name, location));
  } else if (ir::is_cub(library)) {
    const auto& capture = std::get<ir::CaptureNode>(node.op);
    out.line(fmt::format("nodes.{} = {}.cub.add(", context.names.workspaces[index], resources));
    out.line(fmt::format("    {}, {}, {});", cub_call(context, capture), name, location));
  } else if (ir::is_fft(library)) {
    const auto& capture = std::get<ir::CaptureNode>(node.op);
    out.line(fmt::format("nodes.{} = {}.cufft.add_fft(graphc::linked_cufft(), {}, {}, {});",
                         context.names.workspaces[index], resources, fft_shape(capture.library), name, location));
  } else if (ir::is_matmul(library)) {
    const auto& capture = std::get<ir::CaptureNode>(node.op);
    out.line(fmt::format("nodes.{} = {}.cublaslt.add_matmul(", context.names.workspaces[index], resources));
    out.line(fmt::format("    graphc::linked_cublaslt(), {}, {}, {},", cuda_data_type(capture.library.type),
                         gemm_shape(capture.library), epilogue_enumerator(library)));
    // A timed plan times its candidates with the node's beta (graphc::CublasLtLibrary::add_matmul).
    out.line(fmt::format("    {}, {}, {}{});", matmul_operands(context, capture), name, location,
                         context.tune_matmuls
                             ? fmt::format(", graphc::MatmulTuning::timed, {}", operand(context, capture, "beta"))
                             : ""));
  } else if (library != ir::LibraryOp::none) {
    out.line(fmt::format("nodes.{} = {}.cublas.add_workspace(graphc::linked_cublas(), {}, {});",
                         context.names.workspaces[index], resources, name, location));
  }
  out.line(fmt::format("graphc::ChildGraph child({});", capture_function_call(context, index, true)));
  out.line(fmt::format("nodes.{} = graphc::captured_shape(child.get());", context.names.shapes[index]));
  out.line("cudaGraphNodeParams p{};");
  out.line("p.type = cudaGraphNodeTypeGraph;");
  out.line("p.graph.graph = child.get();");
  out.line("p.graph.ownership = cudaGraphChildGraphOwnershipMove;");
}

bool capture_passes(const ir::FunctionCall& capture, std::optional<ir::ParamId> param) {
  return std::any_of(capture.args.begin(), capture.args.end(), [&](const ir::KernelArg& arg) {
    return arg.kind == ir::KernelArg::Kind::param && (!param || arg.param == *param);
  });
}

std::string recaptured_local(const GraphContext& context, std::size_t index) {
  return context.names.nodes.at(index) + "_recaptured";
}

void write_recapture(CodeWriter& out, const GraphContext& context, std::size_t index, std::string_view check,
                     std::string_view changed) {
  const ir::Node& node = context.graph.nodes.at(index);
  const std::string local = recaptured_local(context, index);
  out.line(fmt::format("{} = graphc::ChildGraph({});", local, capture_function_call(context, index, false)));
  out.line(fmt::format("{}(nodes.{}, graphc::captured_shape({}.get()), {}, {}, {});", check,
                       context.names.shapes.at(index), local, string_literal(changed), string_literal(node.name),
                       context.location_literal(node.name_range)));
}

void write_capture_update(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes.at(index);
  out.line(fmt::format("// {}: {} {}, captured again", escape(node.name), ir::kind_name(node),
                       capture_summary(context, *ir::function_call_of(node))));
  out.line(fmt::format("graphc::check_cuda(cudaGraphExecChildGraphNodeSetParams(exec, nodes.{}, {}.get()), "
                       "\"cudaGraphExecChildGraphNodeSetParams\", {}, {});",
                       context.names.nodes.at(index), recaptured_local(context, index), string_literal(node.name),
                       context.location_literal(node.name_range)));
}

void write_captured_build(NodeBlock& block) {
  const ir::Node& node = block.context.graph.nodes.at(block.index);
  block.open(fmt::format("{} {}", ir::kind_name(node), capture_summary(block.context, *ir::function_call_of(node))));
  write_capture_build(block.out, block.context, block.index);
  block.add();
  block.out.line("child.move_to_node();");  // the captured graph moves into the child graph node
  block.close();
}

void write_function_call_build(NodeBlock& block, const ir::CaptureNode& /*capture*/) { write_captured_build(block); }

}  // namespace graphc::backend

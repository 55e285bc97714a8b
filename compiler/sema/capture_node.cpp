// Capture nodes (`capture NAME : FUNC(args);`), the validator's code of the kind
// (sema/function_calls.h). Those that call one of graphc's library operations
// (ir/library_ops.h): the operation exists (E1001), its template arguments (E1002), its
// argument count (E1003), what each operand passes (E1004); for a GEMM the matrices' types
// (E1005), for the others the types of their data (E1008); leading dimensions (E1006); and
// every matrix (E1007) and vector, bias or device scalar (E1009) within its buffer, as
// the library would read it.
// Functions the host program registers are checked when they are bound (Bindings::capture).
#include <algorithm>
#include <climits>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "ir/describe.h"
#include "ir/library_ops.h"
#include "sema/function_calls.h"

namespace graphc::sema {
namespace {

using ir::KernelArg;
using ir::OperandRole;

std::string all_op_names() {
  std::vector<std::string> names;
  for (const ir::LibraryOpInfo& op : ir::library_ops()) names.emplace_back(op.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string operand_list(const ir::LibraryOpInfo& op) {
  std::vector<std::string_view> names;
  for (const ir::LibraryOperand& operand : op.operands) names.push_back(operand.name);
  return fmt::format("({})", fmt::join(names, ", "));
}

class CaptureChecker {
 public:
  CaptureChecker(GraphContext& ctx, const ir::Node& node, ir::CaptureNode& capture)
      : ctx_(ctx), graph_(ctx.graph), node_(node), capture_(capture) {}

  void run() {
    const ir::LibraryFunction split = ir::split_library_function(capture_.function);
    const ir::LibraryOpInfo* op = ir::find_library_op(split.name);
    if (op == nullptr) {
      unknown(split.name);
      return;
    }
    op_ = op;
    bool ok = transposes(split);
    if (capture_.args.size() != op->operands.size()) {
      ctx_.diags.report(DiagCode::library_arg_count, capture_.args_range, node_.name, capture_.args.size(), op->name,
                        op->operands.size(), operand_list(*op));
      return;
    }
    for (std::size_t i = 0; i < op->operands.size(); ++i) ok = operand(i) && ok;
    if (!ok) return;
    capture_.library.op = op->op;  // for operand_span; reset below unless every check passes
    if (ir::is_gemm(op->op)) {
      ok = gemm();
    } else if (ir::is_fft(op->op)) {
      ok = fft();
    } else if (ir::is_cub(op->op)) {
      ok = cub();
    } else if (op->op == ir::LibraryOp::cusparse_spmv || op->op == ir::LibraryOp::cusparse_spmm) {
      ok = sparse();
    } else {
      ok = blas();
    }
    if (!ok) capture_.library.op = ir::LibraryOp::none;
  }

 private:
  void unknown(const std::string& name) {
    std::vector<std::string> candidates;
    for (const ir::LibraryOpInfo& op : ir::library_ops()) candidates.emplace_back(op.name);
    Diagnostic& d = ctx_.diags.report(DiagCode::unknown_library_op, capture_.function_range, name, all_op_names());
    if (const auto close = closest_name(name, candidates))
      d.note<NoteCode::did_you_mean>(capture_.function_range, *close);
  }

  // `<N, T>` (a GEMM's transa and transb) or `<T>` (op(A) of gemv and SpMV), none meaning
  // N; an FFT's `<FORWARD>` or `<INVERSE>`, which it needs.
  bool transposes(const ir::LibraryFunction& split) {
    const ir::TemplateArgs takes = op_->template_args;
    if (!split.has_template_args && takes != ir::TemplateArgs::direction) return true;
    const std::vector<std::string>& args = split.template_args;
    const auto op = [](const std::string& arg) { return arg == "N" || arg == "T"; };
    if (takes == ir::TemplateArgs::direction && args.size() == 1 && (args[0] == "FORWARD" || args[0] == "INVERSE")) {
      capture_.library.fft.inverse = args[0] == "INVERSE";
      return true;
    }
    if (takes == ir::TemplateArgs::op_a_op_b && args.size() == 2 && op(args[0]) && op(args[1])) {
      capture_.library.gemm.transpose_a = args[0] == "T";
      capture_.library.gemm.transpose_b = args[1] == "T";
      return true;
    }
    if (takes == ir::TemplateArgs::op_a && args.size() == 1 && op(args[0])) {
      capture_.library.vector.transpose = args[0] == "T";
      return true;
    }
    const std::string takes_text =
        takes == ir::TemplateArgs::op_a_op_b
            ? fmt::format("the operations on A and B as template arguments, each N (as stored) or T (transposed), "
                          "such as {}<N, T>",
                          split.name)
        : takes == ir::TemplateArgs::op_a
            ? fmt::format("the operation on A as its template argument, N (as stored) or T (transposed), such as {}<T>",
                          split.name)
        : takes == ir::TemplateArgs::direction
            ? fmt::format("the transform's direction as its template argument, FORWARD or INVERSE, such as {}<FORWARD>",
                          split.name)
            : std::string("no template arguments");
    ctx_.diags.report(DiagCode::library_template_args, capture_.function_range, split.name, takes_text,
                      split.has_template_args ? fmt::format("it was given <{}>", fmt::join(split.template_args, ", "))
                                              : std::string("it was given none"));
    return false;
  }

  bool operand(std::size_t index) {
    const KernelArg& arg = capture_.args[index];
    if (arg.kind == KernelArg::Kind::unresolved) return false;  // reported by check_kernel_args
    const ir::LibraryOperand& operand = op_->operands[index];
    const auto refuse = [&](std::string_view needs) {
      ctx_.diags.report(DiagCode::library_operand, arg.range, index + 1, operand.name, node_.name,
                        fmt::format("must be {}, but it passes {}", needs, passes(arg)));
      return false;
    };
    switch (operand.role) {
      case OperandRole::extent:
        if (!integer_in(arg, 1, INT32_MAX)) return refuse("a compile-time integer from 1 to 2147483647");
        return true;
      case OperandRole::stride:
        if (!integer_in(arg, 0, INT64_MAX)) return refuse("a compile-time integer of at least 0");
        return true;
      case OperandRole::scalar:
        if (arg.kind == KernelArg::Kind::param && graph_.param(arg.param).type == ir::ScalarType::f32) return true;
        if (arg.kind == KernelArg::Kind::value && arg.value.fits(ir::ScalarType::f32)) {
          capture_.args[index].value = arg.value.convert(ir::ScalarType::f32);  // as cuBLAS reads it
          return true;
        }
        return refuse(fmt::format("an f32 param or a constant value, which {} reads as a float", library_name()));
      case OperandRole::array:
        if (device_buffer(arg)) return true;
        return refuse("a buffer in device or managed memory");
      case OperandRole::device_scalar:
        if (device_buffer(arg)) return true;
        return refuse(fmt::format("a buffer in device or managed memory, whose element at the offset {} {} in device "
                                  "pointer mode",
                                  library_name(), operand.use == ir::OperandUse::write ? "writes" : "reads"));
    }
    return false;
  }

  // What an argument passes, in words: "buffer 'h' (pinned host memory)", "param 'n'",
  // "2.5 (f64)".
  std::string passes(const KernelArg& arg) const {
    switch (arg.kind) {
      case KernelArg::Kind::buffer: {
        const ir::Buffer& b = graph_.buffer(arg.buffer);
        return fmt::format("buffer '{}' ({})", b.name, ir::space_description(b.space));
      }
      case KernelArg::Kind::param: {
        const ir::Param& p = graph_.param(arg.param);
        return fmt::format("param '{}' of type {}", p.name, ir::type_name(p.type));
      }
      case KernelArg::Kind::value: return fmt::format("{} of type {}", arg.value.text(), ir::type_name(arg.value.type));
      default: return "?";
    }
  }

  bool device_buffer(const KernelArg& arg) const {
    return arg.kind == KernelArg::Kind::buffer && graph_.buffer(arg.buffer).space != ir::MemorySpace::host;
  }

  std::string_view library_name() const {
    switch (op_->library) {
      case ir::Library::cusparse: return "cuSPARSE";
      case ir::Library::cublaslt: return "cuBLASLt";
      case ir::Library::cufft: return "cuFFT";
      case ir::Library::cub: return "CUB";
      default: return "cuBLAS";
    }
  }

  static bool integer_in(const KernelArg& arg, std::int64_t low, std::int64_t high) {
    if (arg.kind != KernelArg::Kind::value || arg.value.is_float()) return false;
    if (!ir::is_signed(arg.value.type) &&
        static_cast<std::uint64_t>(arg.value.integer) > static_cast<std::uint64_t>(high)) {
      return false;
    }
    return arg.value.integer >= low && arg.value.integer <= high;
  }

  std::int64_t integer(std::uint32_t index) const { return capture_.args.at(index).value.integer; }

  std::int64_t integer(std::string_view operand) const { return integer(ir::operand_index(op_->op, operand)); }
  std::uint32_t at(std::string_view operand) const { return ir::operand_index(op_->op, operand); }
  ir::ScalarType type_of(std::uint32_t index) const { return graph_.buffer(capture_.args[index].buffer).type; }

  // The shapes, types and extents of a GEMM whose operands each passed their role's check.
  bool gemm() {
    const ir::GemmOperands at = ir::gemm_operands(op_->op);
    ir::GemmCall& g = capture_.library.gemm;
    g.m = integer(at.m);
    g.n = integer(at.n);
    g.k = integer(at.k);
    g.lda = integer(at.lda);
    g.ldb = integer(at.ldb);
    g.ldc = integer(at.ldc);
    if (op_->op == ir::LibraryOp::cublas_gemm_strided_batched) {
      g.stride_a = integer(at.stride_a);
      g.stride_b = integer(at.stride_b);
      g.stride_c = integer(at.stride_c);
      g.batch = integer(at.batch);
    }
    if (!same_gemm_types(at)) return false;
    bool ok = leading_dimension(at.lda, "A", ir::gemm_matrix(g, 'A').rows);
    ok = leading_dimension(at.ldb, "B", ir::gemm_matrix(g, 'B').rows) && ok;
    ok = leading_dimension(at.ldc, "C", g.m) && ok;
    return ok && extents();
  }

  // A, B, C (and a matmul's bias) of one type: f32, f16 or bf16.
  bool same_gemm_types(const ir::GemmOperands& at) {
    const ir::ScalarType a = type_of(at.a);
    const ir::ScalarType b = type_of(at.b);
    const ir::ScalarType c = type_of(at.c);
    const std::uint32_t bias = ir::operand_index(op_->op, "bias");
    const bool supported = a == ir::ScalarType::f32 || a == ir::ScalarType::f16 || a == ir::ScalarType::bf16;
    capture_.library.type = a;
    if (a == b && b == c && (bias == UINT32_MAX || type_of(bias) == c) && supported) return true;
    if (bias == UINT32_MAX) {
      ctx_.diags.report(DiagCode::gemm_types, capture_.args[at.a].range, node_.name,
                        fmt::format("A of {}, B of {} and C of {}", ir::type_name(a), ir::type_name(b),
                                    ir::type_name(c)),
                        op_->name, "A, B and C");
    } else {
      ctx_.diags.report(DiagCode::gemm_types, capture_.args[at.a].range, node_.name,
                        fmt::format("A of {}, B of {}, C of {} and bias of {}", ir::type_name(a), ir::type_name(b),
                                    ir::type_name(c), ir::type_name(type_of(bias))),
                        op_->name, "A, B, C and bias");
    }
    return false;
  }

  // A level 1 operation or gemv: its sizes, one type (f32 or f64) for all its data, gemv's
  // leading dimension, and the extents.
  bool blas() {
    ir::VectorCall& v = capture_.library.vector;
    v.n = integer("n");
    if (at("incx") != UINT32_MAX) v.incx = integer("incx");
    if (at("incy") != UINT32_MAX) v.incy = integer("incy");
    std::vector<std::uint32_t> data;
    for (std::uint32_t i = 0; i < op_->operands.size(); ++i) {
      if (op_->operands[i].use != ir::OperandUse::none) data.push_back(i);
    }
    if (!same_types(data, {ir::ScalarType::f32, ir::ScalarType::f64}, "of one type, f32 or f64")) return false;
    if (op_->op == ir::LibraryOp::cublas_gemv) {
      v.m = integer("m");
      v.lda = integer("lda");
      if (!leading_dimension(at("lda"), "A", v.m)) return false;
    }
    return extents();
  }

  // A CSR SpMV or SpMM: i32 row offsets and column indices, values and vectors (or dense
  // matrices) of one type (f32 or f64), SpMM's leading dimensions, and the extents.
  bool sparse() {
    ir::VectorCall& v = capture_.library.vector;
    const bool spmm = op_->op == ir::LibraryOp::cusparse_spmm;
    v.rows = integer("rows");
    v.cols = integer("cols");
    v.nnz = integer("nnz");
    bool ok = same_types({at("rowOffsets"), at("colInd")}, {ir::ScalarType::i32}, "of i32");
    const std::vector<std::uint32_t> dense =
        spmm ? std::vector{at("values"), at("B"), at("C")} : std::vector{at("values"), at("x"), at("y")};
    ok = same_types(dense, {ir::ScalarType::f32, ir::ScalarType::f64}, "of one type, f32 or f64") && ok;
    if (spmm) {
      v.n = integer("n");
      v.ldb = integer("ldb");
      v.ldc = integer("ldc");
      ok = leading_dimension(at("ldb"), "B", v.transpose ? v.rows : v.cols) && ok;
      ok = leading_dimension(at("ldc"), "C", v.transpose ? v.cols : v.rows) && ok;
    }
    return ok && extents();
  }

  // An FFT: its sizes, its data's types (complex float2 or double2, and the real side of
  // r2c and c2r in the same precision), out of place for r2c and c2r (E1010: in and out in
  // different memory, not a view of the other's), and the extents.
  bool fft() {
    ir::FftCall& f = capture_.library.fft;
    f.nx = integer("nx");
    f.ny = integer("ny");
    f.nz = integer("nz");
    f.batch = integer("batch");
    const std::uint32_t in = at("in");
    const std::uint32_t out = at("out");
    const bool c2c = op_->op == ir::LibraryOp::cufft_c2c;
    const std::uint32_t real = op_->op == ir::LibraryOp::cufft_r2c ? in : out;
    const std::uint32_t complex = op_->op == ir::LibraryOp::cufft_r2c ? out : in;
    const ir::ScalarType precision = ir::component_type(type_of(complex));
    const bool complex_ok = type_of(complex) == ir::ScalarType::float2 || type_of(complex) == ir::ScalarType::double2;
    const bool real_ok = c2c ? type_of(real) == type_of(complex) : type_of(real) == precision;
    capture_.library.type = precision;
    if (!complex_ok || !real_ok) {
      ctx_.diags.report(DiagCode::library_types, capture_.args[in].range, node_.name,
                        fmt::format("in of {} and out of {}", ir::type_name(type_of(in)), ir::type_name(type_of(out))),
                        op_->name, "in and out",
                        c2c ? "of one complex type, float2 or double2"
                            : "of complex float2 with real f32, or double2 with f64");
      return false;
    }
    if (!c2c && same_memory(in, out)) {
      const ir::Buffer& source = graph_.buffer(capture_.args[in].buffer);
      ctx_.diags
          .report(DiagCode::fft_in_place, capture_.args[out].range, node_.name,
                  graph_.buffer(graph_.storage(capture_.args[out].buffer).root).name, op_->name)
          .note<NoteCode::declared_here>(source.name_range, source.name);
      return false;
    }
    return extents();
  }

  // A CUB algorithm: its items, its data's types (a sort's values of 4 or 8 bytes), a sort's
  // outputs in other memory than its inputs (E1011), and the extents.
  bool cub() {
    capture_.library.count = integer("n");
    const std::initializer_list<ir::ScalarType> kItems = {ir::ScalarType::i32, ir::ScalarType::i64,
                                                          ir::ScalarType::u32, ir::ScalarType::u64,
                                                          ir::ScalarType::f32, ir::ScalarType::f64};
    constexpr std::string_view kItemsRule = "of one type, i32, i64, u32, u64, f32 or f64";
    if (op_->op == ir::LibraryOp::cub_radix_sort_pairs) {
      if (!same_types({at("values_in"), at("values_out")}, kItems, kItemsRule)) return false;
      capture_.library.value_type = capture_.library.type;
    }
    const bool sort = op_->op == ir::LibraryOp::cub_radix_sort_keys || op_->op == ir::LibraryOp::cub_radix_sort_pairs;
    const std::uint32_t in = sort ? at("keys_in") : at("in");
    const std::uint32_t out = sort ? at("keys_out") : at("out");
    if (!same_types({in, out}, kItems, kItemsRule)) return false;
    if (sort) {
      for (const auto& [from, to] : {std::pair{"keys_in", "keys_out"}, std::pair{"values_in", "values_out"}}) {
        if (at(from) == UINT32_MAX || !same_memory(at(from), at(to))) continue;
        const ir::Buffer& source = graph_.buffer(capture_.args[at(from)].buffer);
        ctx_.diags
            .report(DiagCode::sort_in_place, capture_.args[at(to)].range, node_.name,
                    graph_.buffer(graph_.storage(capture_.args[at(to)].buffer).root).name, op_->cuda, from, to)
            .note<NoteCode::declared_here>(source.name_range, source.name);
        return false;
      }
    }
    return extents();
  }

  // Whether operands `a` and `b` pass memory of one buffer (either directly or through views).
  bool same_memory(std::uint32_t a, std::uint32_t b) const {
    return graph_.storage(capture_.args[a].buffer).root == graph_.storage(capture_.args[b].buffer).root;
  }

  // Whether operands `operands` (which pass buffers) share one type among `allowed`;
  // reports E1008 (once) otherwise. The data type of the call is the first operand's.
  bool same_types(const std::vector<std::uint32_t>& operands, std::initializer_list<ir::ScalarType> allowed,
                  std::string_view rule) {
    const ir::ScalarType first = type_of(operands.front());
    const bool supported = std::find(allowed.begin(), allowed.end(), first) != allowed.end();
    const bool same =
        std::all_of(operands.begin(), operands.end(), [&](std::uint32_t i) { return type_of(i) == first; });
    if (allowed.size() > 1) capture_.library.type = first;
    if (supported && same) return true;
    std::vector<std::string> passed;
    std::vector<std::string_view> names;
    for (const std::uint32_t i : operands) {
      passed.push_back(fmt::format("{} of {}", op_->operands[i].name, ir::type_name(type_of(i))));
      names.push_back(op_->operands[i].name);
    }
    ctx_.diags.report(DiagCode::library_types, capture_.args[operands.front()].range, node_.name, and_list(passed),
                      op_->name, and_list(names), rule);
    return false;
  }

  template <class S>
  static std::string and_list(const std::vector<S>& items) {
    if (items.size() == 1) return std::string(items[0]);
    std::vector<S> head(items.begin(), items.end() - 1);
    return fmt::format("{} and {}", fmt::join(head, ", "), items.back());
  }

  bool leading_dimension(std::uint32_t index, std::string_view matrix, std::int64_t rows) {
    const std::int64_t ld = integer(index);
    if (ld >= rows) return true;
    ctx_.diags.report(DiagCode::gemm_leading_dim, capture_.args[index].range, op_->operands[index].name, node_.name, ld,
                      matrix, rows);
    return false;
  }

  // Whether every operand that passes memory reaches (ir::operand_span) no further than
  // its buffer from the argument's offset: E1007 for a matrix, E1009 for the others.
  bool extents() {
    bool ok = true;
    for (std::uint32_t i = 0; i < op_->operands.size(); ++i) {
      if (op_->operands[i].use != ir::OperandUse::none) ok = extent(i) && ok;
    }
    return ok;
  }

  bool extent(std::uint32_t index) {
    const KernelArg& arg = capture_.args[index];
    const ir::Buffer& buffer = graph_.buffer(arg.buffer);
    if (!ctx_.buffer_ok[arg.buffer.value]) return false;
    const std::optional<std::int64_t> span = ir::operand_span(capture_.library, index);
    const std::int64_t available = static_cast<std::int64_t>(buffer.count_value) - arg.offset;
    if (span && *span <= available) return true;
    const std::string spans = span ? fmt::format("{}", *span) : std::string("more than 2^63");
    const std::string_view name = op_->operands[index].name;
    const bool matrix = name == "A" || name == "B" || name == "C";
    ctx_.diags
        .report(matrix ? DiagCode::gemm_matrix_bounds : DiagCode::library_operand_bounds, arg.range, name, node_.name,
                spans, arg.offset, buffer.name, buffer.count_value)
        .note<NoteCode::declared_here>(buffer.name_range, buffer.name);
    return false;
  }

  GraphContext& ctx_;
  const ir::Graph& graph_;
  const ir::Node& node_;
  ir::CaptureNode& capture_;
  const ir::LibraryOpInfo* op_ = nullptr;
};

}  // namespace

void check_function_call(GraphContext& ctx, const ir::Node& node, ir::CaptureNode& capture) {
  if (ir::is_library_function(capture.function)) CaptureChecker(ctx, node, capture).run();
}

namespace {

// What operand `index` of library call `call` reaches of `extent` (its pointer's): its
// span (ir::operand_span), which E1007 and E1009 keep within it.
MemoryExtent operand_extent(const ir::Graph& graph, MemoryExtent extent, const KernelArg& arg,
                            const ir::LibraryCall& call, std::uint32_t index) {
  const std::optional<std::int64_t> span = ir::operand_span(call, index);
  if (!span || graph.buffer(extent.root).two_d()) return extent;
  const std::uint64_t bytes = static_cast<std::uint64_t>(*span) * ir::type_size(graph.buffer(arg.buffer).type);
  extent.columns[1] = std::min(extent.columns[1], extent.columns[0] + bytes);
  return extent;
}

Access access_of(ir::OperandUse use) {
  switch (use) {
    case ir::OperandUse::read: return Access::read;
    case ir::OperandUse::write: return Access::write;
    default: return Access::read_write;
  }
}

}  // namespace

// A library operation's operands by their uses (a GEMM reads A and B and writes C, a dot
// reads x and y and writes result), within each one's span; a registered function's
// arguments, all it may reach.
void add_accesses(AccessList& out, const ir::Node& /*node*/, const ir::CaptureNode& capture) {
  const ir::Graph& graph = out.graph();
  const ir::LibraryOpInfo* info =
      capture.library.op == ir::LibraryOp::none ? nullptr : &ir::library_op_info(capture.library.op);
  for (std::uint32_t a = 0; a < capture.args.size(); ++a) {
    const KernelArg& arg = capture.args[a];
    if (arg.kind != KernelArg::Kind::buffer) continue;
    const MemoryExtent extent = out.pointer_extent(arg.buffer, arg.offset);
    if (info != nullptr) {
      const ir::LibraryOperand& operand = info->operands[a];
      out.add(operand_extent(graph, extent, arg, capture.library, a), access_of(operand.use), arg.range,
              fmt::format("{} is operand {} of {}", graph.buffer(arg.buffer).name, operand.name, info->cuda));
    } else {
      out.add(extent, Access::read_write, arg.range, "a captured function may read and write what it is passed",
              out.assumed_extent(arg.buffer, "a captured function"));
    }
  }
}

}  // namespace graphc::sema

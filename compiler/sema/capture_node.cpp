// Capture nodes (`capture NAME : FUNC(args);`), the validator's code of the kind
// (sema/function_calls.h). Those that call one of graphc's library operations
// (ir/library_ops.h): the
// operation exists (E1001), its template arguments (E1002), its argument count (E1003),
// what each operand passes (E1004), and for a GEMM the matrices' types (E1005), leading
// dimensions (E1006) and extents within their buffers (E1007), as cuBLAS would read them.
// Functions the host program registers are checked when they are bound (Bindings::capture).
#include <algorithm>
#include <climits>
#include <cstdint>
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
    if (ok) gemm();
  }

 private:
  void unknown(const std::string& name) {
    std::vector<std::string> candidates;
    for (const ir::LibraryOpInfo& op : ir::library_ops()) candidates.emplace_back(op.name);
    Diagnostic& d = ctx_.diags.report(DiagCode::unknown_library_op, capture_.function_range, name, all_op_names());
    if (const auto close = closest_name(name, candidates))
      d.note<NoteCode::did_you_mean>(capture_.function_range, *close);
  }

  // `<N, T>`: what cuBLAS calls transa and transb; none means `<N, N>`.
  bool transposes(const ir::LibraryFunction& split) {
    if (!split.has_template_args) return true;
    const auto op = [](const std::string& arg) { return arg == "N" || arg == "T"; };
    if (split.template_args.size() == 2 && op(split.template_args[0]) && op(split.template_args[1])) {
      capture_.library.gemm.transpose_a = split.template_args[0] == "T";
      capture_.library.gemm.transpose_b = split.template_args[1] == "T";
      return true;
    }
    ctx_.diags.report(DiagCode::library_template_args, capture_.function_range, split.name, split.name,
                      fmt::format("it was given <{}>", fmt::join(split.template_args, ", ")));
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
        return refuse("an f32 param or a constant value, which cuBLAS reads as a float");
      case OperandRole::matrix:
        if (arg.kind == KernelArg::Kind::buffer && graph_.buffer(arg.buffer).space != ir::MemorySpace::host)
          return true;
        return refuse("a buffer in device or managed memory");
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

  static bool integer_in(const KernelArg& arg, std::int64_t low, std::int64_t high) {
    if (arg.kind != KernelArg::Kind::value || arg.value.is_float()) return false;
    if (!ir::is_signed(arg.value.type) &&
        static_cast<std::uint64_t>(arg.value.integer) > static_cast<std::uint64_t>(high)) {
      return false;
    }
    return arg.value.integer >= low && arg.value.integer <= high;
  }

  std::int64_t integer(std::uint32_t index) const { return capture_.args.at(index).value.integer; }

  // The shapes, types and extents of a GEMM whose operands each passed their role's check.
  void gemm() {
    const ir::GemmOperands at = ir::gemm_operands(op_->op);
    ir::GemmCall& g = capture_.library.gemm;
    g.m = integer(at.m);
    g.n = integer(at.n);
    g.k = integer(at.k);
    g.lda = integer(at.lda);
    g.ldb = integer(at.ldb);
    g.ldc = integer(at.ldc);
    const bool batched = op_->op == ir::LibraryOp::cublas_gemm_strided_batched;
    if (batched) {
      g.stride_a = integer(at.stride_a);
      g.stride_b = integer(at.stride_b);
      g.stride_c = integer(at.stride_c);
      g.batch = integer(at.batch);
    }
    if (!same_types(at)) return;
    bool ok = leading_dimension(at.lda, "A", ir::gemm_matrix(g, 'A').rows);
    ok = leading_dimension(at.ldb, "B", ir::gemm_matrix(g, 'B').rows) && ok;
    ok = leading_dimension(at.ldc, "C", g.m) && ok;
    if (!ok) return;
    ok = extent(at.a, 'A');
    ok = extent(at.b, 'B') && ok;
    ok = extent(at.c, 'C') && ok;
    if (ok) capture_.library.op = op_->op;
  }

  bool same_types(const ir::GemmOperands& at) {
    const ir::ScalarType a = graph_.buffer(capture_.args[at.a].buffer).type;
    const ir::ScalarType b = graph_.buffer(capture_.args[at.b].buffer).type;
    const ir::ScalarType c = graph_.buffer(capture_.args[at.c].buffer).type;
    const bool supported = a == ir::ScalarType::f32 || a == ir::ScalarType::f16 || a == ir::ScalarType::bf16;
    if (a == b && b == c && supported) return true;
    ctx_.diags.report(DiagCode::gemm_types, capture_.args[at.a].range, node_.name,
                      fmt::format("A of {}, B of {} and C of {}", ir::type_name(a), ir::type_name(b), ir::type_name(c)),
                      op_->name);
    return false;
  }

  bool leading_dimension(std::uint32_t index, std::string_view matrix, std::int64_t rows) {
    const std::int64_t ld = integer(index);
    if (ld >= rows) return true;
    ctx_.diags.report(DiagCode::gemm_leading_dim, capture_.args[index].range, op_->operands[index].name, node_.name, ld,
                      matrix, rows);
    return false;
  }

  // Whether the elements matrix `matrix` spans (ir::gemm_span) from its argument's offset
  // are within its buffer.
  bool extent(std::uint32_t index, char matrix) {
    const KernelArg& arg = capture_.args[index];
    const ir::Buffer& buffer = graph_.buffer(arg.buffer);
    if (!ctx_.buffer_ok[arg.buffer.value]) return false;
    const ir::GemmCall& g = capture_.library.gemm;
    const std::optional<std::int64_t> span = ir::gemm_span(ir::gemm_matrix(g, matrix), g.batch);
    const std::int64_t available = static_cast<std::int64_t>(buffer.count_value) - arg.offset;
    if (span && *span <= available) return true;
    const std::string spans = span ? fmt::format("{}", *span) : std::string("more than 2^63");
    ctx_.diags
        .report(DiagCode::gemm_matrix_bounds, arg.range, std::string(1, matrix), node_.name, spans, arg.offset,
                buffer.name, buffer.count_value)
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

// What operand `operand` (a matrix: A, B or C) of a GEMM reaches of `extent` (its
// pointer's): the span of the matrix (ir::gemm_span), which E1007 keeps within it.
MemoryExtent gemm_extent(const ir::Graph& graph, MemoryExtent extent, const KernelArg& arg, std::string_view operand,
                         const ir::GemmCall& gemm) {
  const std::optional<std::int64_t> span = ir::gemm_span(ir::gemm_matrix(gemm, operand[0]), gemm.batch);
  if (!span || graph.buffer(extent.root).two_d()) return extent;
  const std::uint64_t bytes = static_cast<std::uint64_t>(*span) * ir::type_size(graph.buffer(arg.buffer).type);
  extent.columns[1] = std::min(extent.columns[1], extent.columns[0] + bytes);
  return extent;
}

}  // namespace

// A library operation's operands by their roles (a GEMM reads A and B and writes C, within
// the span of each matrix); a registered function's arguments, all it may reach.
void add_accesses(AccessList& out, const ir::Node& /*node*/, const ir::CaptureNode& capture) {
  const ir::Graph& graph = out.graph();
  const ir::LibraryOpInfo* info = nullptr;
  for (const ir::LibraryOpInfo& op : ir::library_ops()) {
    if (op.op == capture.library.op && capture.library.op != ir::LibraryOp::none) info = &op;
  }
  for (std::size_t a = 0; a < capture.args.size(); ++a) {
    const KernelArg& arg = capture.args[a];
    if (arg.kind != KernelArg::Kind::buffer) continue;
    const MemoryExtent extent = out.pointer_extent(arg.buffer, arg.offset);
    if (info != nullptr && a < info->operands.size()) {
      const std::string_view operand = info->operands[a].name;
      const bool output = operand == "C";
      out.add(gemm_extent(graph, extent, arg, operand, capture.library.gemm),
              output ? Access::read_write : Access::read, arg.range,
              fmt::format("{} is operand {} of {}", graph.buffer(arg.buffer).name, operand, info->cuda));
    } else {
      out.add(extent, Access::read_write, arg.range, "a captured function may read and write what it is passed",
              out.assumed_extent(arg.buffer, "a captured function"));
    }
  }
}

}  // namespace graphc::sema

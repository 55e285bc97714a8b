#include "sema/fold.h"

#include <algorithm>
#include <array>
#include <string>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "sema/arithmetic.h"

namespace graphc::sema {
namespace {

using ir::Expr;
using ir::Scalar;

struct Function {
  std::string_view name;
  ArithOp op;
};
// `world_size(comm)` and `rank(comm)`, whose argument is a communicator rather than a value.
constexpr std::string_view kWorldSize = "world_size";
constexpr std::string_view kRank = "rank";

constexpr std::array<Function, 4> kFunctions = {{
    {"ceil_div", ArithOp::ceil_div},
    {"exact_div", ArithOp::exact_div},
    {"min", ArithOp::min},
    {"max", ArithOp::max},
}};

ArithOp binary_op(Expr::Kind kind) {
  switch (kind) {
    case Expr::Kind::add: return ArithOp::add;
    case Expr::Kind::sub: return ArithOp::sub;
    case Expr::Kind::mul: return ArithOp::mul;
    case Expr::Kind::div: return ArithOp::div;
    default: return ArithOp::mod;
  }
}

// Reports an arithmetic error of `whole` = `lhs op rhs`; `integer_what` names the operands
// of an integer-only operation ("operand of '%'").
std::optional<Scalar> check(const ArithResult& r, DiagEngine& diags, const Expr& whole, const Expr& lhs,
                            const Scalar& a, const Expr& rhs, const Scalar& b, std::string_view integer_what) {
  switch (r.error) {
    case ArithError::none: return r.value;
    case ArithError::overflow: diags.report(DiagCode::integer_overflow, whole.range); break;
    case ArithError::division_by_zero: diags.report(DiagCode::division_by_zero, rhs.range); break;
    case ArithError::not_multiple: diags.report(DiagCode::not_multiple, whole.range, a.text(), b.text()); break;
    case ArithError::needs_integer: {
      const bool left = a.is_float();
      diags.report(DiagCode::expected_integer, left ? lhs.range : rhs.range, integer_what,
                   ir::type_name(left ? a.type : b.type));
      break;
    }
  }
  return std::nullopt;
}

}  // namespace

Folder::Folder(const ir::Graph& graph, const Scope& scope, DiagEngine& diags)
    : graph_(graph),
      scope_(scope),
      diags_(diags),
      states_(graph.consts.size(), State::pending),
      values_(graph.consts.size()),
      param_values_(graph.params.size()) {}

std::optional<Scalar> Folder::const_value(std::uint32_t index) {
  switch (states_[index]) {
    case State::done: return values_[index];
    case State::failed: return std::nullopt;
    case State::active: report_cycle(index); return std::nullopt;
    case State::pending: break;
  }
  states_[index] = State::active;
  active_.push_back(index);
  const std::optional<Scalar> value = eval(graph_.consts[index].value, {});
  active_.pop_back();
  if (states_[index] == State::failed) return std::nullopt;  // on a cycle, reported already
  states_[index] = value ? State::done : State::failed;
  if (value) values_[index] = *value;
  return value;
}

const Scalar& Folder::param_value(ir::ParamId id) const {
  const std::optional<Scalar>& set = param_values_.at(id.value);
  return set ? *set : graph_.param(id).folded_default;
}

void Folder::set_param_value(ir::ParamId id, const Scalar& value) { param_values_.at(id.value) = value; }

NonConstantHandler Folder::params_allowed(std::vector<ir::ParamId>& used) {
  return [this, &used](const Expr& expr, Entity entity) -> std::optional<Scalar> {
    const ir::ParamId id{entity.index};
    if (entity.kind != Entity::Kind::param) {
      report_non_constant(expr, entity);
      return std::nullopt;
    }
    const ir::Param& param = graph_.param(id);
    if (ir::is_vector(param.type)) {
      diags_
          .report(DiagCode::vector_param_expr, expr.range, param.name, ir::type_name(param.type),
                  "a node's configuration takes scalars; pass the vector whole as a kernel or host node argument")
          .note<NoteCode::declared_here>(param.name_range, param.name);
      return std::nullopt;
    }
    if (std::find(used.begin(), used.end(), id) == used.end()) used.push_back(id);
    if (graph_.is_parameter(id) && !param_values_.at(id.value)) return std::nullopt;  // known per call
    return param_value(id);
  };
}

void Folder::report_cycle(std::uint32_t index) {
  const auto start = std::find(active_.begin(), active_.end(), index);
  std::string chain;
  for (auto it = start; it != active_.end(); ++it) {
    chain += graph_.consts[*it].name + " -> ";
    states_[*it] = State::failed;
  }
  chain += graph_.consts[index].name;
  diags_.report(DiagCode::recursive_const, graph_.consts[index].name_range, graph_.consts[index].name, chain);
}

std::optional<Scalar> Folder::fold(const Expr& expr, const NonConstantHandler& on_non_constant) {
  return eval(expr, on_non_constant);
}

std::optional<Scalar> Folder::fold_integer(const Expr& expr, std::string_view what,
                                           const NonConstantHandler& on_non_constant) {
  const std::optional<Scalar> value = eval(expr, on_non_constant);
  if (value && value->is_float()) {
    diags_.report(DiagCode::expected_integer, expr.range, what, ir::type_name(value->type));
    return std::nullopt;
  }
  return value;
}

std::optional<Scalar> Folder::eval(const Expr& expr, const NonConstantHandler& handler) {
  switch (expr.kind) {
    case Expr::Kind::literal: return expr.literal;
    case Expr::Kind::name: return eval_name(expr, handler);
    case Expr::Kind::negate: {
      const std::optional<Scalar> operand = eval(expr.operands.at(0), handler);
      if (!operand) return std::nullopt;
      const ArithResult r = negate(*operand);
      if (r.error == ArithError::none) return r.value;
      diags_.report(DiagCode::integer_overflow, expr.range);
      return std::nullopt;
    }
    case Expr::Kind::add:
    case Expr::Kind::sub:
    case Expr::Kind::mul:
    case Expr::Kind::div:
    case Expr::Kind::mod: return eval_binary(expr, handler);
    case Expr::Kind::call: return eval_call(expr, handler);
    case Expr::Kind::cast: return eval_cast(expr, handler);
  }
  return std::nullopt;
}

std::optional<Scalar> Folder::eval_name(const Expr& expr, const NonConstantHandler& handler) {
  const std::optional<Entity> entity = scope_.find(expr.name);
  if (!entity) {
    report_unknown(diags_, scope_, DiagCode::unknown_name, expr.range, expr.name, {Entity::Kind::constant});
    return std::nullopt;
  }
  if (entity->kind == Entity::Kind::constant) return const_value(entity->index);
  if (handler) return handler(expr, *entity);
  report_non_constant(expr, *entity);
  return std::nullopt;
}

void Folder::report_non_constant(const Expr& expr, Entity entity) {
  if (entity.kind == Entity::Kind::param) {
    Diagnostic& d = diags_.report(DiagCode::not_constant, expr.range, expr.name);
    d.note<NoteCode::declared_here>(scope_.declaration(entity), expr.name);
    if (graph_.is_parameter(ir::ParamId{entity.index})) {
      d.note<NoteCode::parameter_per_call>(SourceRange{}, graph_.name);
    }
    return;
  }
  report_wrong_kind(diags_, scope_, expr.range, expr.name, entity, "constant");
}

std::optional<Scalar> Folder::eval_binary(const Expr& expr, const NonConstantHandler& handler) {
  // Both sides are folded, so that each reports its own mistakes.
  const std::optional<Scalar> a = eval(expr.operands.at(0), handler);
  const std::optional<Scalar> b = eval(expr.operands.at(1), handler);
  if (!a || !b) return std::nullopt;
  const ArithOp op = binary_op(expr.kind);
  return check(apply(op, *a, *b), diags_, expr, expr.operands[0], *a, expr.operands[1], *b, "operand of '%'");
}

std::optional<Scalar> Folder::eval_call(const Expr& expr, const NonConstantHandler& handler) {
  if (expr.name == kWorldSize) return eval_world_size(expr);
  if (expr.name == kRank) return eval_rank(expr);
  const auto fn =
      std::find_if(kFunctions.begin(), kFunctions.end(), [&](const Function& f) { return f.name == expr.name; });
  if (fn == kFunctions.end()) {
    Diagnostic& d = diags_.report(DiagCode::unknown_function, expr.range, expr.name);
    std::vector<std::string> names{std::string(kWorldSize), std::string(kRank)};
    for (const Function& f : kFunctions) names.emplace_back(f.name);
    if (const auto guess = closest_name(expr.name, names)) {
      d.note<NoteCode::did_you_mean>(SourceRange{}, *guess);
    }
    return std::nullopt;
  }
  if (expr.operands.size() != 2) {
    diags_.report(DiagCode::call_arity, expr.range, expr.name, 2, expr.operands.size());
    return std::nullopt;
  }
  const std::optional<Scalar> a = eval(expr.operands[0], handler);
  const std::optional<Scalar> b = eval(expr.operands[1], handler);
  if (!a || !b) return std::nullopt;
  return check(apply(fn->op, *a, *b), diags_, expr, expr.operands[0], *a, expr.operands[1], *b,
               fmt::format("argument of '{}'", expr.name));
}

std::optional<ir::CommId> Folder::comm_operand(const Expr& call) {
  if (call.operands.size() != 1) {
    diags_.report(DiagCode::call_arity, call.range, call.name, 1, call.operands.size());
    return std::nullopt;
  }
  const Expr& operand = call.operands[0];
  const std::optional<Entity> entity =
      operand.kind == Expr::Kind::name ? scope_.find(operand.name) : std::optional<Entity>();
  if (operand.kind == Expr::Kind::name && !entity) {
    report_unknown(diags_, scope_, DiagCode::unknown_name, operand.range, operand.name, {Entity::Kind::comm});
    return std::nullopt;
  }
  if (!entity) {
    diags_.report(DiagCode::comm_function_operand, operand.range, call.name, call.name);
    return std::nullopt;
  }
  if (entity->kind != Entity::Kind::comm) {
    report_wrong_kind(diags_, scope_, operand.range, operand.name, *entity, "communicator");
    return std::nullopt;
  }
  return ir::CommId{entity->index};
}

// `world_size(tp)`: the number of ranks the communicator is given (ir::Comm::world_size), an
// i32 like NCCL's ncclCommCount.
std::optional<Scalar> Folder::eval_world_size(const Expr& expr) {
  const std::optional<ir::CommId> id = comm_operand(expr);
  if (!id) return std::nullopt;
  const ir::Comm& comm = graph_.comm(*id);
  if (comm.world_size > 0) return Scalar::of_integer(ir::ScalarType::i32, comm.world_size);
  diags_.report(DiagCode::world_size_unknown, expr.range, comm.name, comm.name, comm.name)
      .note<NoteCode::declared_here>(comm.name_range, comm.name);
  return std::nullopt;
}

// `rank(tp)` where a constant goes: the graph's shape would differ between ranks, which
// must all build the same graph (a rank's own number reaches a kernel as an argument).
std::optional<Scalar> Folder::eval_rank(const Expr& expr) {
  const std::optional<ir::CommId> id = comm_operand(expr);
  if (!id) return std::nullopt;
  const ir::Comm& comm = graph_.comm(*id);
  diags_
      .report(DiagCode::rank_not_constant, expr.range, comm.name, comm.name,
              "a graph's nodes, counts and offsets are the same on every rank: pass rank(" + comm.name +
                  ") whole as a kernel node's argument, an int")
      .note<NoteCode::declared_here>(comm.name_range, comm.name);
  return std::nullopt;
}

std::optional<Scalar> Folder::eval_cast(const Expr& expr, const NonConstantHandler& handler) {
  const std::optional<Scalar> operand = eval(expr.operands.at(0), handler);
  if (!operand) return std::nullopt;
  if (!cast_is_defined(*operand, expr.cast_type)) {
    diags_.report(DiagCode::value_out_of_range, expr.operands[0].range, operand->text(), ir::type_name(expr.cast_type));
    return std::nullopt;
  }
  return operand->convert(expr.cast_type);
}

}  // namespace graphc::sema

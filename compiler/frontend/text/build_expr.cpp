#include <algorithm>
#include <variant>

#include <fmt/format.h>

#include "frontend/text/builders.h"
#include "frontend/text/literal.h"

namespace graphc::frontend::text {
namespace {

using ir::Expr;

// The deepest expression tree built. The grammar bounds nesting; this bounds the depth a
// long chain `a + b + c + ...` adds when folded, so that sema's recursive walks and the
// tree's destruction cannot exhaust the stack.
constexpr std::size_t kMaxExprDepth = 1024;

std::size_t depth(const Expr& e) {
  std::size_t deepest = 0;
  for (const Expr& operand : e.operands) deepest = std::max(deepest, depth(operand));
  return deepest + 1;
}

Expr build_literal(const BuildContext& ctx, const ParseNode& node) {
  Expr e;
  e.kind = Expr::Kind::literal;
  e.range = ctx.range(node);
  const std::string_view text = ctx.text(node);
  auto value = parse_literal(text);
  if (auto* error = std::get_if<LiteralError>(&value)) {
    ctx.diags.report(DiagCode::invalid_literal, e.range, text, error->reason);
  } else {
    e.literal = std::get<ir::Scalar>(value);
  }
  return e;
}

Expr::Kind binary_kind(const ParseNode& op) {
  if (op.is_type<grammar::plus_op>()) return Expr::Kind::add;
  if (op.is_type<grammar::minus_op>()) return Expr::Kind::sub;
  if (op.is_type<grammar::times_op>()) return Expr::Kind::mul;
  if (op.is_type<grammar::divide_op>()) return Expr::Kind::div;
  return Expr::Kind::mod;
}

// operand (op operand)*, folded from the left: `a - b - c` is `(a - b) - c`.
Expr build_chain(const BuildContext& ctx, const ParseNode& node) {
  Expr lhs = build_expr(ctx, *node.children.at(0));
  std::size_t lhs_depth = depth(lhs);
  for (std::size_t i = 1; i + 1 < node.children.size(); i += 2) {
    Expr rhs = build_expr(ctx, *node.children[i + 1]);
    lhs_depth = std::max(lhs_depth, depth(rhs)) + 1;
    if (lhs_depth > kMaxExprDepth) {
      ctx.diags.report(DiagCode::syntax_error, ctx.range(node),
                       fmt::format("expression too deep: over {} operations inside one another; split it with consts",
                                   kMaxExprDepth));
      Expr placeholder;
      placeholder.range = ctx.range(node);
      return placeholder;
    }
    Expr e;
    e.kind = binary_kind(*node.children[i]);
    e.range = {ctx.file, lhs.range.begin, rhs.range.end};
    e.operands.push_back(std::move(lhs));
    e.operands.push_back(std::move(rhs));
    lhs = std::move(e);
  }
  return lhs;
}

}  // namespace

Expr build_expr(const BuildContext& ctx, const ParseNode& node) {
  if (node.is_type<grammar::expr>() || node.is_type<grammar::product>()) return build_chain(ctx, node);
  if (node.is_type<grammar::number>()) return build_literal(ctx, node);
  if (node.is_type<grammar::parenthesized>()) {
    // The parentheses belong to the expression's range, as in clang's ParenExpr.
    Expr e = build_expr(ctx, *node.children.at(0));
    e.range = ctx.range(node);
    return e;
  }
  Expr e;
  e.range = ctx.range(node);
  if (node.is_type<grammar::name>()) {
    e.kind = Expr::Kind::name;
    e.name = ctx.text(node);
    if (const LoopValue* loop = ctx.loop(e.name)) {
      e.kind = Expr::Kind::literal;
      e.literal = ir::Scalar::of_integer(ir::ScalarType::i32, loop->value);
      e.name.clear();
    }
  } else if (node.is_type<grammar::negation>()) {
    e.kind = Expr::Kind::negate;
    e.operands.push_back(build_expr(ctx, *node.children.at(0)));
  } else if (node.is_type<grammar::cast>()) {
    e.kind = Expr::Kind::cast;
    e.cast_type = *ir::parse_type(ctx.text(*node.children.at(0)));  // grammar::scalar_type
    e.operands.push_back(build_expr(ctx, *node.children.at(1)));
  } else {  // grammar::call: word, arguments
    e.kind = Expr::Kind::call;
    e.name = ctx.text(*node.children.at(0));
    for (std::size_t i = 1; i < node.children.size(); ++i) e.operands.push_back(build_expr(ctx, *node.children[i]));
  }
  return e;
}

}  // namespace graphc::frontend::text

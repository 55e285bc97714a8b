#include "backend/text/expr_text.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace graphc::backend {
namespace {

// Binding strength: sums, then products, then a negation, then everything else.
int precedence(const ir::Expr& e) {
  switch (e.kind) {
    case ir::Expr::Kind::add:
    case ir::Expr::Kind::sub: return 1;
    case ir::Expr::Kind::mul:
    case ir::Expr::Kind::div:
    case ir::Expr::Kind::mod: return 2;
    case ir::Expr::Kind::negate: return 3;
    case ir::Expr::Kind::literal:
    case ir::Expr::Kind::name:
    case ir::Expr::Kind::call:
    case ir::Expr::Kind::cast: break;
  }
  return 4;
}

std::string_view operator_text(ir::Expr::Kind kind) {
  switch (kind) {
    case ir::Expr::Kind::add: return " + ";
    case ir::Expr::Kind::sub: return " - ";
    case ir::Expr::Kind::mul: return " * ";
    case ir::Expr::Kind::div: return " / ";
    case ir::Expr::Kind::mod: return " % ";
    default: break;
  }
  return {};
}

// `operand` inside an expression that binds with strength `outer`; `strict` for the right
// operand of a left-associative operator (`a - (b - c)`).
std::string operand_text(const ir::Expr& operand, int outer, bool strict) {
  const std::string text = expr_text(operand);
  const int p = precedence(operand);
  return p < outer || (strict && p == outer) ? "(" + text + ")" : text;
}

std::string float_text(double value, bool single) {
  if (!std::isfinite(value)) throw std::logic_error("text back end: a literal is not finite");
  std::string text = single ? fmt::format("{}", static_cast<float>(value)) : fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return single ? text + "f" : text;
}

}  // namespace

std::string literal_text(const ir::Scalar& value) {
  switch (value.type) {
    case ir::ScalarType::i32: return fmt::format("{}", value.integer);
    case ir::ScalarType::u32: return fmt::format("{}u", static_cast<std::uint64_t>(value.integer));
    case ir::ScalarType::i64: return fmt::format("{}ll", value.integer);
    case ir::ScalarType::u64: return fmt::format("{}ull", static_cast<std::uint64_t>(value.integer));
    case ir::ScalarType::f32: return float_text(value.floating, true);
    case ir::ScalarType::f64: return float_text(value.floating, false);
    default: break;
  }
  // No literal has another type: those values are casts of one (`f16(1.5)`).
  return fmt::format("{}({})", ir::type_name(value.type),
                     value.is_float() ? float_text(value.floating, false) : fmt::format("{}ll", value.integer));
}

std::string expr_text(const ir::Expr& e) {
  switch (e.kind) {
    case ir::Expr::Kind::literal: return literal_text(e.literal);
    case ir::Expr::Kind::name: return e.name;
    case ir::Expr::Kind::negate: {
      std::string text = "-";  // not `"-" + std::string`: GCC 12 -O3's false -Wrestrict
      text += operand_text(e.operands.at(0), 3, false);
      return text;
    }
    case ir::Expr::Kind::add:
    case ir::Expr::Kind::sub:
    case ir::Expr::Kind::mul:
    case ir::Expr::Kind::div:
    case ir::Expr::Kind::mod: {
      const int p = precedence(e);
      return operand_text(e.operands.at(0), p, false) + std::string(operator_text(e.kind)) +
             operand_text(e.operands.at(1), p, true);
    }
    case ir::Expr::Kind::call: {
      std::vector<std::string> args;
      for (const ir::Expr& a : e.operands) args.push_back(expr_text(a));
      return fmt::format("{}({})", e.name, fmt::join(args, ", "));
    }
    case ir::Expr::Kind::cast: return fmt::format("{}({})", ir::type_name(e.cast_type), expr_text(e.operands.at(0)));
  }
  return {};
}

std::string slice_text(const ir::BufferSlice& slice) {
  if (!slice.offset) return slice.buffer;
  if (!slice.column) return fmt::format("{}[{}:{}]", slice.buffer, expr_text(*slice.offset), expr_text(*slice.length));
  const std::string z = slice.z ? fmt::format("{}:{}, ", expr_text(*slice.z), expr_text(*slice.depth)) : "";
  return fmt::format("{}[{}{}:{}, {}:{}]", slice.buffer, z, expr_text(*slice.offset), expr_text(*slice.length),
                     expr_text(*slice.column), expr_text(*slice.columns));
}

std::string attribute_text(const ir::KernelAttribute& attribute) {
  if (attribute.args.empty()) return attribute.name;
  std::vector<std::string> args;
  for (const ir::Expr& e : attribute.args) args.push_back(expr_text(e));
  return fmt::format("{}({})", attribute.name, fmt::join(args, ", "));
}

std::string arg_text(const ir::KernelArg& arg) {
  if (arg.null_pointer) return "nullptr";
  if (!arg.struct_name.empty()) {
    std::vector<std::string> fields;
    for (const ir::KernelArg& field : arg.fields) fields.push_back(arg_text(field));
    return fmt::format("{}{{{}}}", arg.struct_name, fmt::join(fields, ", "));
  }
  if (!arg.node.empty()) return "&" + arg.node;
  return arg.graph.empty() ? expr_text(arg.expr) : "@" + arg.graph;
}

std::string param_default_text(const ir::Param& param) {
  if (param.default_value) return expr_text(*param.default_value);
  if (!param.default_vector) return {};
  std::vector<std::string> lanes;
  for (const ir::Expr& lane : param.default_vector->lanes) lanes.push_back(expr_text(lane));
  return fmt::format("{}{{{}}}", param.default_vector->type, fmt::join(lanes, ", "));
}

}  // namespace graphc::backend

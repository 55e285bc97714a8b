#include "frontend/text/loop_integer.h"

#include <algorithm>
#include <limits>

namespace graphc::frontend::text {
namespace {

using Kind = ir::Expr::Kind;

// Consts defined in terms of each other fold at most this deep (a cycle stops here).
constexpr int kMaxConstDepth = 64;

class IntegerFolder {
 public:
  IntegerFolder(const std::vector<ir::Const>& consts, std::string& why, SourceRange& at)
      : consts_(consts), why_(why), at_(at) {}

  std::optional<std::int64_t> fold(const ir::Expr& e, int depth) {
    if (depth > kMaxConstDepth) return fail(e, "consts nest too deeply or refer to each other");
    switch (e.kind) {
      case Kind::literal:
        if (e.literal.is_float()) return fail(e, "it is a floating-point value");
        return check(e, e.literal.integer);
      case Kind::name: return name(e, depth);
      case Kind::cast:
        if (ir::is_float(e.cast_type)) return fail(e, "it is a floating-point value");
        return fold(e.operands.at(0), depth + 1);
      case Kind::negate: {
        const auto v = fold(e.operands.at(0), depth + 1);
        if (!v) return std::nullopt;
        return check(e, -*v);
      }
      case Kind::call: return call(e, depth);
      default: return binary(e, depth);
    }
  }

 private:
  std::optional<std::int64_t> fail(const ir::Expr& e, std::string why) {
    why_ = std::move(why);
    at_ = e.range;
    return std::nullopt;
  }

  // Every value stays in int32, so no operation on two of them overflows int64.
  std::optional<std::int64_t> check(const ir::Expr& e, std::int64_t v) {
    if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max()) {
      return fail(e, "its value " + std::to_string(v) + " is outside the int32 range");
    }
    return v;
  }

  std::optional<std::int64_t> name(const ir::Expr& e, int depth) {
    const auto it = std::find_if(consts_.begin(), consts_.end(), [&](const ir::Const& c) { return c.name == e.name; });
    if (it == consts_.end()) return fail(e, "'" + e.name + "' is not a const declared before it or a loop variable");
    return fold(it->value, depth + 1);
  }

  std::optional<std::int64_t> call(const ir::Expr& e, int depth) {
    if (e.name == "world_size") {
      return fail(e, "loops are expanded before a communicator's size is given, so world_size() cannot bound one");
    }
    if (e.name == "rank") {
      return fail(e, "a rank's number differs from rank to rank, and every rank must build the same nodes, so rank() "
                     "cannot bound a loop");
    }
    std::vector<std::int64_t> args;
    for (const ir::Expr& operand : e.operands) {
      const auto v = fold(operand, depth + 1);
      if (!v) return std::nullopt;
      args.push_back(*v);
    }
    if (args.size() != 2) return fail(e, "'" + e.name + "' takes 2 arguments");
    if (e.name == "min") return std::min(args[0], args[1]);
    if (e.name == "max") return std::max(args[0], args[1]);
    if (e.name == "ceil_div") {
      if (args[1] <= 0) return fail(e, "ceil_div needs a positive divisor");
      return check(e, (args[0] + args[1] - 1) / args[1]);
    }
    if (e.name == "exact_div") {
      if (args[1] <= 0) return fail(e, "exact_div needs a positive divisor");
      if (args[0] % args[1] != 0) return fail(e, "exact_div's dividend is not a multiple of its divisor");
      return check(e, args[0] / args[1]);
    }
    return fail(e, "'" + e.name + "' is not ceil_div, exact_div, min or max");
  }

  std::optional<std::int64_t> binary(const ir::Expr& e, int depth) {
    const auto a = fold(e.operands.at(0), depth + 1);
    if (!a) return std::nullopt;
    const auto b = fold(e.operands.at(1), depth + 1);
    if (!b) return std::nullopt;
    switch (e.kind) {
      case Kind::add: return check(e, *a + *b);
      case Kind::sub: return check(e, *a - *b);
      case Kind::mul: return check(e, *a * *b);
      default: break;
    }
    if (*b == 0) return fail(e, "it divides by zero");
    return check(e, e.kind == Kind::div ? *a / *b : *a % *b);
  }

  const std::vector<ir::Const>& consts_;
  std::string& why_;
  SourceRange& at_;
};

}  // namespace

std::optional<std::int64_t> fold_loop_integer(const ir::Expr& expr, const std::vector<ir::Const>& consts,
                                              std::string& why, SourceRange& at) {
  return IntegerFolder(consts, why, at).fold(expr, 0);
}

}  // namespace graphc::frontend::text

#include "sema/arithmetic.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace graphc::sema {
namespace {

using ir::Scalar;
using ir::ScalarType;

// Rank of a floating type: f16 and bf16 rank alike, below f32, below f64.
int float_rank(ScalarType type) {
  if (type == ScalarType::f64) return 2;
  if (type == ScalarType::f32) return 1;
  return 0;
}

ScalarType common_float(ScalarType a, ScalarType b) {
  if (a == b) return a;
  if (float_rank(a) != float_rank(b)) return float_rank(a) > float_rank(b) ? a : b;
  return ScalarType::f32;  // f16 with bf16: neither holds the other, both convert to float
}

ArithResult error(ArithError e) { return {Scalar{}, e}; }

ArithResult signed_op(ArithOp op, ScalarType type, std::int64_t a, std::int64_t b) {
  constexpr std::int64_t min = std::numeric_limits<std::int64_t>::min();
  std::int64_t r = 0;
  bool overflow = false;
  switch (op) {
    case ArithOp::add: overflow = __builtin_add_overflow(a, b, &r); break;
    case ArithOp::sub: overflow = __builtin_sub_overflow(a, b, &r); break;
    case ArithOp::mul: overflow = __builtin_mul_overflow(a, b, &r); break;
    case ArithOp::div:
    case ArithOp::mod:
    case ArithOp::ceil_div:
    case ArithOp::exact_div:
      if (b == 0) return error(ArithError::division_by_zero);
      // When the quotient does not fit (min / -1), C++ leaves `%` undefined as well.
      if ((a == min && b == -1) || !Scalar::of_integer(type, a / b).fits(type)) return error(ArithError::overflow);
      if (op == ArithOp::exact_div && a % b != 0) return error(ArithError::not_multiple);
      if (op == ArithOp::mod) {
        r = a % b;
      } else {
        r = a / b;  // truncates toward zero
        if (op == ArithOp::ceil_div && a % b != 0 && (a < 0) == (b < 0)) ++r;
      }
      break;
    case ArithOp::min: r = std::min(a, b); break;
    case ArithOp::max: r = std::max(a, b); break;
  }
  const Scalar result = Scalar::of_integer(type, r);
  if (overflow || !result.fits(type)) return error(ArithError::overflow);
  return {result};
}

ArithResult unsigned_op(ArithOp op, ScalarType type, std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  switch (op) {
    case ArithOp::add: r = a + b; break;  // wraps modulo 2^64, then modulo the type's width below
    case ArithOp::sub: r = a - b; break;
    case ArithOp::mul: r = a * b; break;
    case ArithOp::div:
    case ArithOp::mod:
    case ArithOp::ceil_div:
    case ArithOp::exact_div:
      if (b == 0) return error(ArithError::division_by_zero);
      if (op == ArithOp::exact_div && a % b != 0) return error(ArithError::not_multiple);
      if (op == ArithOp::div || op == ArithOp::exact_div) r = a / b;
      if (op == ArithOp::mod) r = a % b;
      if (op == ArithOp::ceil_div) r = a / b + (a % b != 0 ? 1 : 0);
      break;
    case ArithOp::min: r = std::min(a, b); break;
    case ArithOp::max: r = std::max(a, b); break;
  }
  return {Scalar::of_integer(type, static_cast<std::int64_t>(r)).convert(type)};
}

ArithResult float_op(ArithOp op, ScalarType type, double a, double b) {
  double r = 0.0;
  switch (op) {
    case ArithOp::add: r = a + b; break;
    case ArithOp::sub: r = a - b; break;
    case ArithOp::mul: r = a * b; break;
    case ArithOp::div:
      if (b == 0.0) return error(ArithError::division_by_zero);
      r = a / b;
      break;
    case ArithOp::mod:
    case ArithOp::ceil_div:
    case ArithOp::exact_div: return error(ArithError::needs_integer);
    case ArithOp::min: r = std::min(a, b); break;
    case ArithOp::max: r = std::max(a, b); break;
  }
  return {Scalar::of_float(type, r).convert(type)};
}

// Whether a finite, integral double lies in an integer type's range. The bounds are
// powers of two, exact in double (the types' maxima are not).
bool integral_in_range(double value, ScalarType to) {
  const double width = static_cast<double>(ir::type_size(to) * 8);
  const double low = ir::is_signed(to) ? -std::exp2(width - 1) : 0.0;
  const double high = ir::is_signed(to) ? std::exp2(width - 1) : std::exp2(width);
  return value >= low && value < high;
}

}  // namespace

ScalarType promoted(ScalarType type) {
  switch (type) {
    case ScalarType::i8:
    case ScalarType::c8:
    case ScalarType::i16:
    case ScalarType::u8:
    case ScalarType::u16: return ScalarType::i32;
    default: return type;
  }
}

ScalarType common_type(ScalarType a, ScalarType b) {
  if (ir::is_float(a) || ir::is_float(b)) {
    if (!ir::is_float(a)) return b;
    if (!ir::is_float(b)) return a;
    return common_float(a, b);
  }
  a = promoted(a);
  b = promoted(b);
  if (a == b) return a;
  if (ir::is_signed(a) == ir::is_signed(b)) return ir::type_size(a) >= ir::type_size(b) ? a : b;
  const ScalarType u = ir::is_signed(a) ? b : a;
  const ScalarType s = ir::is_signed(a) ? a : b;
  return ir::type_size(u) >= ir::type_size(s) ? u : s;
}

ArithResult apply(ArithOp op, const Scalar& a, const Scalar& b) {
  const ScalarType type = common_type(a.type, b.type);
  const Scalar x = a.convert(type);
  const Scalar y = b.convert(type);
  if (ir::is_float(type)) return float_op(op, type, x.floating, y.floating);
  if (ir::is_signed(type)) return signed_op(op, type, x.integer, y.integer);
  return unsigned_op(op, type, static_cast<std::uint64_t>(x.integer), static_cast<std::uint64_t>(y.integer));
}

ArithResult negate(const Scalar& a) {
  const ScalarType type = promoted(a.type);
  const Scalar x = a.convert(type);
  if (ir::is_float(type)) return {Scalar::of_float(type, -x.floating)};
  if (ir::is_signed(type)) return signed_op(ArithOp::sub, type, 0, x.integer);
  return unsigned_op(ArithOp::sub, type, 0, static_cast<std::uint64_t>(x.integer));
}

bool converts_exactly(const Scalar& value, ScalarType to) {
  to = ir::component_type(to);
  if (ir::is_float(to) || !value.is_float()) return value.fits(to);
  return std::isfinite(value.floating) && std::trunc(value.floating) == value.floating &&
         integral_in_range(value.floating, to);
}

bool cast_is_defined(const Scalar& value, ScalarType to) {
  if (ir::is_float(to)) return value.fits(to);
  if (!value.is_float()) return true;
  return std::isfinite(value.floating) && integral_in_range(std::trunc(value.floating), to);
}

}  // namespace graphc::sema

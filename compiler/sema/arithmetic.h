// Compile-time arithmetic with C++ semantics: integral promotion, the usual arithmetic
// conversions, and checked integer arithmetic.
//
// Signed overflow (undefined in C++) and division by zero are errors; unsigned
// arithmetic wraps modulo 2^n, as in C++. Floating values are computed in double and
// rounded to their type.
#pragma once

#include <cstdint>

#include "ir/types.h"

namespace graphc::sema {

enum class ArithOp : std::uint8_t { add, sub, mul, div, mod, ceil_div, exact_div, min, max };

enum class ArithError : std::uint8_t {
  none,
  overflow,          // a signed result out of its type's range
  division_by_zero,  // div, mod or ceil_div by zero (integer or floating)
  needs_integer,     // mod, ceil_div or exact_div of a floating operand
  not_multiple,      // exact_div whose dividend is not a multiple of its divisor
};

struct ArithResult {
  ir::Scalar value;
  ArithError error = ArithError::none;
};

/// Integral promotion: i8, i16, u8 and u16 become i32; other types are unchanged.
ir::ScalarType promoted(ir::ScalarType type);
/// The usual arithmetic conversions: the wider floating type if either operand is
/// floating (f16 with bf16 gives f32); otherwise the promoted types, the wider one,
/// unsigned when the unsigned operand is at least as wide as the signed one.
ir::ScalarType common_type(ir::ScalarType a, ir::ScalarType b);

/// `a op b` in the common type. ceil_div is the exact ceiling of a / b; exact_div is a / b
/// where b divides a, not_multiple otherwise.
ArithResult apply(ArithOp op, const ir::Scalar& a, const ir::Scalar& b);
/// `-a` in the promoted type.
ArithResult negate(const ir::Scalar& a);

/// Whether `value` converts to `to` without changing: in range, and integral when `to`
/// is an integer type (initial values, defaults, memset values); to a vector type: to its
/// component, the value of each lane.
bool converts_exactly(const ir::Scalar& value, ir::ScalarType to);
/// Whether the C++ conversion of `value` to `to` is defined: integers always convert
/// (narrowing wraps); a floating value must fit after truncation (to an integer type)
/// or be in range (to a floating type).
bool cast_is_defined(const ir::Scalar& value, ir::ScalarType to);

}  // namespace graphc::sema

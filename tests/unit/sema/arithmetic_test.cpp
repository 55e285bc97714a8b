#include <catch2/catch.hpp>

#include "sema/arithmetic.h"

using namespace graphc::ir;
using namespace graphc::sema;

namespace {
Scalar i(ScalarType t, std::int64_t v) { return Scalar::of_integer(t, v); }
Scalar f(ScalarType t, double v) { return Scalar::of_float(t, v); }
}  // namespace

TEST_CASE("integral promotion and the usual arithmetic conversions", "[sema]") {
  CHECK(promoted(ScalarType::u8) == ScalarType::i32);
  CHECK(promoted(ScalarType::i16) == ScalarType::i32);
  CHECK(promoted(ScalarType::u32) == ScalarType::u32);
  CHECK(common_type(ScalarType::i8, ScalarType::u16) == ScalarType::i32);
  CHECK(common_type(ScalarType::i32, ScalarType::u32) == ScalarType::u32);
  CHECK(common_type(ScalarType::i64, ScalarType::u32) == ScalarType::i64);
  CHECK(common_type(ScalarType::u64, ScalarType::i64) == ScalarType::u64);
  CHECK(common_type(ScalarType::i32, ScalarType::u64) == ScalarType::u64);
  CHECK(common_type(ScalarType::i64, ScalarType::f16) == ScalarType::f16);
  CHECK(common_type(ScalarType::f32, ScalarType::f64) == ScalarType::f64);
  CHECK(common_type(ScalarType::f16, ScalarType::f32) == ScalarType::f32);
  CHECK(common_type(ScalarType::f16, ScalarType::bf16) == ScalarType::f32);
}

TEST_CASE("signed overflow is an error, unsigned arithmetic wraps", "[sema]") {
  const ArithResult big = apply(ArithOp::mul, i(ScalarType::i32, 65536), i(ScalarType::i32, 65536));
  CHECK(big.error == ArithError::overflow);
  const ArithResult wide = apply(ArithOp::mul, i(ScalarType::i64, 65536), i(ScalarType::i32, 65536));
  REQUIRE(wide.error == ArithError::none);
  CHECK(wide.value == i(ScalarType::i64, 4294967296));
  CHECK(apply(ArithOp::add, i(ScalarType::i64, INT64_MAX), i(ScalarType::i32, 1)).error == ArithError::overflow);
  const ArithResult wrapped = apply(ArithOp::sub, i(ScalarType::u32, 1), i(ScalarType::u32, 2));
  REQUIRE(wrapped.error == ArithError::none);
  CHECK(wrapped.value == i(ScalarType::u32, 4294967295));
  // -1 converts to u32 first, as in C++.
  CHECK(apply(ArithOp::add, i(ScalarType::i32, -1), i(ScalarType::u32, 0)).value == i(ScalarType::u32, 4294967295));
  CHECK(apply(ArithOp::div, i(ScalarType::i32, INT32_MIN), i(ScalarType::i32, -1)).error == ArithError::overflow);
  CHECK(apply(ArithOp::mod, i(ScalarType::i32, INT32_MIN), i(ScalarType::i32, -1)).error == ArithError::overflow);
  CHECK(negate(i(ScalarType::i32, INT32_MIN)).error == ArithError::overflow);
  CHECK(negate(i(ScalarType::u32, 1)).value == i(ScalarType::u32, 4294967295));
  CHECK(negate(i(ScalarType::u8, 1)).value == i(ScalarType::i32, -1));
}

TEST_CASE("division, modulo and ceil_div", "[sema]") {
  CHECK(apply(ArithOp::div, i(ScalarType::i32, 7), i(ScalarType::i32, 0)).error == ArithError::division_by_zero);
  CHECK(apply(ArithOp::div, f(ScalarType::f32, 1), f(ScalarType::f32, 0)).error == ArithError::division_by_zero);
  CHECK(apply(ArithOp::div, i(ScalarType::i32, -7), i(ScalarType::i32, 2)).value == i(ScalarType::i32, -3));
  CHECK(apply(ArithOp::mod, i(ScalarType::i32, -7), i(ScalarType::i32, 2)).value == i(ScalarType::i32, -1));
  CHECK(apply(ArithOp::mod, f(ScalarType::f32, 7), i(ScalarType::i32, 2)).error == ArithError::needs_integer);
  CHECK(apply(ArithOp::ceil_div, i(ScalarType::i32, 1000), i(ScalarType::i32, 256)).value == i(ScalarType::i32, 4));
  CHECK(apply(ArithOp::ceil_div, i(ScalarType::i32, 1024), i(ScalarType::i32, 256)).value == i(ScalarType::i32, 4));
  CHECK(apply(ArithOp::ceil_div, i(ScalarType::i32, -7), i(ScalarType::i32, 2)).value == i(ScalarType::i32, -3));
  CHECK(apply(ArithOp::ceil_div, i(ScalarType::i32, -7), i(ScalarType::i32, -2)).value == i(ScalarType::i32, 4));
  CHECK(apply(ArithOp::ceil_div, i(ScalarType::u64, -1), i(ScalarType::u64, 2)).value ==
        i(ScalarType::u64, INT64_MIN));  // 2^63
  CHECK(apply(ArithOp::ceil_div, i(ScalarType::i32, 1), i(ScalarType::i32, 0)).error == ArithError::division_by_zero);
  CHECK(apply(ArithOp::ceil_div, f(ScalarType::f64, 1), i(ScalarType::i32, 2)).error == ArithError::needs_integer);
}

TEST_CASE("exact_div divides only multiples", "[sema]") {
  CHECK(apply(ArithOp::exact_div, i(ScalarType::i32, 4096), i(ScalarType::i32, 8)).value == i(ScalarType::i32, 512));
  CHECK(apply(ArithOp::exact_div, i(ScalarType::i32, -12), i(ScalarType::i32, 4)).value == i(ScalarType::i32, -3));
  CHECK(apply(ArithOp::exact_div, i(ScalarType::u64, 11008), i(ScalarType::u64, 8)).value == i(ScalarType::u64, 1376));
  CHECK(apply(ArithOp::exact_div, i(ScalarType::i32, 4096), i(ScalarType::i32, 3)).error == ArithError::not_multiple);
  CHECK(apply(ArithOp::exact_div, i(ScalarType::u32, 10), i(ScalarType::u32, 4)).error == ArithError::not_multiple);
  CHECK(apply(ArithOp::exact_div, i(ScalarType::i32, 1), i(ScalarType::i32, 0)).error == ArithError::division_by_zero);
  CHECK(apply(ArithOp::exact_div, f(ScalarType::f32, 4), i(ScalarType::i32, 2)).error == ArithError::needs_integer);
}

TEST_CASE("min, max and floating arithmetic", "[sema]") {
  CHECK(apply(ArithOp::min, i(ScalarType::i32, -1), i(ScalarType::u32, 1)).value == i(ScalarType::u32, 1));
  CHECK(apply(ArithOp::max, i(ScalarType::i32, -1), i(ScalarType::i64, 1)).value == i(ScalarType::i64, 1));
  CHECK(apply(ArithOp::max, i(ScalarType::i32, 3), f(ScalarType::f32, 2.5)).value == f(ScalarType::f32, 3));
  CHECK(apply(ArithOp::add, f(ScalarType::f32, 0.1), f(ScalarType::f32, 0.2)).value ==
        f(ScalarType::f32, static_cast<double>(0.1f + 0.2f)));
  CHECK(apply(ArithOp::div, i(ScalarType::i32, 1), f(ScalarType::f64, 4)).value == f(ScalarType::f64, 0.25));
}

TEST_CASE("exact conversions and defined casts", "[sema]") {
  CHECK(converts_exactly(i(ScalarType::i32, 255), ScalarType::u8));
  CHECK_FALSE(converts_exactly(i(ScalarType::i32, 256), ScalarType::u8));
  CHECK_FALSE(converts_exactly(i(ScalarType::i32, -1), ScalarType::u32));
  CHECK(converts_exactly(f(ScalarType::f64, 3.0), ScalarType::i32));
  CHECK_FALSE(converts_exactly(f(ScalarType::f64, 2.5), ScalarType::i32));
  CHECK_FALSE(converts_exactly(f(ScalarType::f64, 9223372036854775808.0), ScalarType::i64));
  CHECK(converts_exactly(i(ScalarType::i32, 2), ScalarType::f16));
  CHECK_FALSE(converts_exactly(f(ScalarType::f64, 1e300), ScalarType::f32));
  CHECK(cast_is_defined(i(ScalarType::i32, 300), ScalarType::u8));  // wraps, as in C++
  CHECK(cast_is_defined(f(ScalarType::f64, -2.5), ScalarType::i8));
  CHECK_FALSE(cast_is_defined(f(ScalarType::f64, 1e10), ScalarType::i32));
  CHECK_FALSE(cast_is_defined(f(ScalarType::f64, 70000), ScalarType::f16));
}

// graphc/generated_config.h, the checked arithmetic and limits generated code configures
// nodes with, against the validator's own arithmetic (sema/arithmetic.h) on the same values
// and types: the generated set_NAME() must accept, compute and refuse what
// Instance::set does.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "graphc/generated_config.h"
#include "sema/arithmetic.h"

namespace graphc::test {
namespace {

using ir::Scalar;
using ir::ScalarType;

const config::Site kSite{"k", "t.graph:3:12"};

// The message of the R0032 that `action` throws; empty when it throws none.
std::string refusal(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& e) {
    CHECK(e.code() == "R0032");
    return e.what();
  }
  return {};
}

template <class T>
constexpr ScalarType type_of() {
  if constexpr (std::is_same_v<T, std::int32_t>) return ScalarType::i32;
  if constexpr (std::is_same_v<T, std::uint32_t>) return ScalarType::u32;
  if constexpr (std::is_same_v<T, std::int64_t>) return ScalarType::i64;
  if constexpr (std::is_same_v<T, std::uint64_t>) return ScalarType::u64;
  if constexpr (std::is_same_v<T, std::uint8_t>) return ScalarType::u8;
  return ScalarType::i16;
}

template <class T>
Scalar scalar(T value) {
  return Scalar::of_integer(type_of<T>(), static_cast<std::int64_t>(value));
}

template <class T>
std::vector<T> samples() {
  using L = std::numeric_limits<T>;
  std::vector<T> v{T(0), T(1), T(2), T(7), L::max(), T(L::max() - 1), L::min()};
  if constexpr (std::is_signed_v<T>) v.insert(v.end(), {T(-1), T(-2), T(-7), T(L::min() + 1)});
  return v;
}

// Every op of generated_config.h on every pair of samples of A and B gives sema::apply's
// value, or is refused where sema reports an error.
template <class A, class B>
void agrees_with_sema() {
  using sema::ArithOp;
  const std::vector<std::pair<ArithOp, std::function<Scalar(A, B)>>> ops = {
      {ArithOp::add, [](A a, B b) { return scalar(config::add(kSite, a, b)); }},
      {ArithOp::sub, [](A a, B b) { return scalar(config::sub(kSite, a, b)); }},
      {ArithOp::mul, [](A a, B b) { return scalar(config::mul(kSite, a, b)); }},
      {ArithOp::div, [](A a, B b) { return scalar(config::div(kSite, a, b)); }},
      {ArithOp::mod, [](A a, B b) { return scalar(config::mod(kSite, a, b)); }},
      {ArithOp::ceil_div, [](A a, B b) { return scalar(config::ceil_div(kSite, a, b)); }},
      {ArithOp::min, [](A a, B b) { return scalar(config::min(a, b)); }},
      {ArithOp::max, [](A a, B b) { return scalar(config::max(a, b)); }},
  };
  for (const auto& [op, generated] : ops) {
    for (const A a : samples<A>()) {
      for (const B b : samples<B>()) {
        const sema::ArithResult expected = sema::apply(op, scalar(a), scalar(b));
        INFO("op " << static_cast<int>(op) << " of " << scalar(a).text() << " and " << scalar(b).text());
        if (expected.error != sema::ArithError::none) {
          CHECK_FALSE(refusal([&] { generated(a, b); }).empty());
        } else {
          const Scalar got = generated(a, b);
          CHECK(got.type == expected.value.type);
          CHECK(got.integer == expected.value.integer);
        }
      }
    }
  }
}

TEST_CASE("generated configuration arithmetic agrees with the validator's", "[codegen]") {
  agrees_with_sema<std::int32_t, std::int32_t>();
  agrees_with_sema<std::int32_t, std::uint32_t>();
  agrees_with_sema<std::int64_t, std::int32_t>();
  agrees_with_sema<std::uint8_t, std::int16_t>();
  agrees_with_sema<std::uint64_t, std::int64_t>();
}

TEST_CASE("generated negation and casts are checked as the validator checks them", "[codegen]") {
  CHECK(config::neg(kSite, 5) == -5);
  CHECK_THAT(refusal([] { config::neg(kSite, std::numeric_limits<std::int32_t>::min()); }),
             Catch::Contains("integer overflow in expression"));
  CHECK(config::cast<std::int8_t>(kSite, 300) == 44);  // integers wrap, as in C++
  CHECK(config::cast<std::int32_t>(kSite, 2.9) == 2);
  CHECK_THAT(refusal([] { config::cast<std::int32_t>(kSite, 1e10); }),
             Catch::Contains("value 10000000000.000000 does not fit its cast's type"));
}

TEST_CASE("generated launch dimensions meet CUDA's limits", "[codegen]") {
  CHECK(config::dim(kSite, "grid", 'x', 40, 2147483647LL) == 40u);
  CHECK(refusal([] { config::dim(kSite, "grid", 'x', 0, 2147483647LL); }) ==
        "t.graph:3:12: error[R0032]: node 'k' cannot be configured with the Bindings' params: grid dimension x is 0; a "
        "kernel launch needs at least 1");
  CHECK_THAT(refusal([] { config::dim(kSite, "block", 'z', 65, 64LL); }),
             Catch::EndsWith("block dimension z is 65, over CUDA's limit of 64"));
  CHECK_THAT(refusal([] { config::check_threads(kSite, 32, 32, 2); }),
             Catch::EndsWith("block of 2048 threads exceeds CUDA's limit of 1024 threads per block"));
  CHECK_THAT(refusal([] { config::shared_memory(kSite, -1); }), Catch::EndsWith("value -1 does not fit in type u32"));
}

TEST_CASE("generated slices stay inside their buffers and are not empty", "[codegen]") {
  const config::Slice s = config::slice(kSite, "x", 64, 40, 24, "memcpy");
  CHECK(s.first == 40);
  CHECK(s.length == 24);
  CHECK(config::slice_to_end(kSite, "x", 64, 60, "memset").length == 4);
  CHECK_THAT(refusal([] { config::slice(kSite, "x", 64, 50, 16, "memcpy"); }),
             Catch::EndsWith("slice [50:16] is out of bounds of 'x', which has 64 elements"));
  CHECK_THAT(refusal([] { config::slice(kSite, "x", 64, -1, 4, "memcpy"); }), Catch::Contains("out of bounds"));
  CHECK_THAT(refusal([] { config::slice(kSite, "x", 64, 8, 0, "memset"); }),
             Catch::EndsWith("slice [8:0] of 'x' is empty; a memset node must cover at least one element"));
}

TEST_CASE("generated copy sizes and memset values are checked", "[codegen]") {
  CHECK(config::copy_bytes(kSite, 64, 64) == 64);
  CHECK_THAT(refusal([] { config::copy_bytes(kSite, 64, 32); }),
             Catch::EndsWith("the copy moves 64 bytes, but the destination holds 32 bytes"));
  CHECK(config::copy_bytes(kSite, 64, 32, 16) == 16);
  CHECK_THAT(refusal([] { config::copy_bytes(kSite, 64, 32, 40); }),
             Catch::EndsWith("the copy moves 40 bytes, but the destination holds only 32 bytes"));
  CHECK_THAT(refusal([] { config::copy_bytes(kSite, 64, 32, 0); }), Catch::Contains("at least one byte"));

  CHECK(config::memset_value<std::int16_t>(kSite, "h", -1) == 0xffffu);
  CHECK(config::memset_value<float>(kSite, "f", 1.5) == 0x3fc00000u);
  CHECK(config::memset_value<std::uint8_t>(kSite, "b", 2.0) == 2u);
  CHECK_THAT(refusal([] { config::memset_value<std::uint16_t>(kSite, "h", 70000); }),
             Catch::EndsWith("memset value 70000 does not fit in the 2-byte elements of 'h'"));
  CHECK_THAT(refusal([] { config::memset_value<std::uint8_t>(kSite, "b", 2.5); }), Catch::Contains("does not fit"));
}

}  // namespace
}  // namespace graphc::test

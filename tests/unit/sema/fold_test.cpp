// Constant folding: literal and const types, C++ conversions, checked arithmetic, param
// defaults, buffer sizes and initial contents.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::Scalar;
using graphc::ir::ScalarType;
using graphc::test::analyze_text;
using graphc::test::single_diag;

namespace {
Scalar folded(const test::Analyzed& a, std::string_view name) {
  const auto id = a.graph().find_const(name);
  REQUIRE(id.has_value());
  return a.graph().consts[id->value].folded;
}
}  // namespace

TEST_CASE("literals keep their C++ type and consts take their expression's", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const A = 1024;
  const B = 1024u;
  const C = 1024ll;
  const D = 2.0f;
  const E = 2.0;
  const F = A * B;
  const G = C + B;
  const H = A / D;
  const I = i64(A) * 4194304;
  const J = ceil_div(A, 300);
  const K = min(A, -3) + max(2.5f, E);
  const L = u8(300);
  const M = -A % 1000;
  const O = Q - 1;
  const Q = 8;
}
)");
  REQUIRE(a->sorted().empty());
  CHECK(a->ok);
  CHECK(folded(*a, "A") == Scalar::of_integer(ScalarType::i32, 1024));
  CHECK(folded(*a, "B") == Scalar::of_integer(ScalarType::u32, 1024));
  CHECK(folded(*a, "C") == Scalar::of_integer(ScalarType::i64, 1024));
  CHECK(folded(*a, "D") == Scalar::of_float(ScalarType::f32, 2.0));
  CHECK(folded(*a, "E") == Scalar::of_float(ScalarType::f64, 2.0));
  CHECK(folded(*a, "F") == Scalar::of_integer(ScalarType::u32, 1048576));
  CHECK(folded(*a, "G") == Scalar::of_integer(ScalarType::i64, 2048));
  CHECK(folded(*a, "H") == Scalar::of_float(ScalarType::f32, 512.0));
  CHECK(folded(*a, "I") == Scalar::of_integer(ScalarType::i64, 4294967296));
  CHECK(folded(*a, "J") == Scalar::of_integer(ScalarType::i32, 4));
  CHECK(folded(*a, "K") == Scalar::of_float(ScalarType::f64, -0.5));
  CHECK(folded(*a, "L") == Scalar::of_integer(ScalarType::u8, 44));
  CHECK(folded(*a, "M") == Scalar::of_integer(ScalarType::i32, -24));
  CHECK(folded(*a, "O") == Scalar::of_integer(ScalarType::i32, 7));  // consts may be used before they are declared
}

TEST_CASE("signed overflow is an error", "[sema]") {
  const auto a = analyze_text("graph g {\n  const X = 2147483647 + 1;\n}\n");
  single_diag(*a, DiagCode::integer_overflow, "2:13", "integer overflow in expression");
}

TEST_CASE("division by zero points at the divisor", "[sema]") {
  const auto a = analyze_text("graph g {\n  const Z = 0;\n  const X = 4 / Z;\n}\n");
  single_diag(*a, DiagCode::division_by_zero, "3:17", "division by zero in expression");
}

TEST_CASE("modulo and ceil_div need integers", "[sema]") {
  const auto a = analyze_text("graph g {\n  const X = 5.0 % 2;\n  const Y = ceil_div(5, 2.0f);\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::expected_integer, "2:13",
                   "operand of '%' must be an integer, but this expression is f64");
  test::check_diag(*a, all[1], DiagCode::expected_integer, "3:25",
                   "argument of 'ceil_div' must be an integer, but this expression is f32");
}

TEST_CASE("a const defined in terms of itself", "[sema]") {
  const auto a = analyze_text("graph g {\n  const A = B + 1;\n  const B = A;\n  const C = A;\n}\n");
  single_diag(*a, DiagCode::recursive_const, "2:9", "const 'A' is defined in terms of itself: A -> B -> A");
}

TEST_CASE("a cast of a value out of range", "[sema]") {
  const auto a = analyze_text("graph g {\n  const A = i32(1e10);\n}\n");
  single_diag(*a, DiagCode::value_out_of_range, "2:17", "value 10000000000 does not fit in type i32");
}

TEST_CASE("param defaults convert to the param's type", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  param p : i32 = 2.5;
  param q : u8 = 300;
  param s : f32 = 2;
  param t : f64;
  param u : i16 = -3;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::value_out_of_range, "2:19", "value 2.5 does not fit in type i32");
  test::check_diag(*a, all[1], DiagCode::value_out_of_range, "3:18", "value 300 does not fit in type u8");
  const auto& params = a->graph().params;
  CHECK(params[2].folded_default == Scalar::of_float(ScalarType::f32, 2.0));
  CHECK(params[3].folded_default == Scalar::of_float(ScalarType::f64, 0.0));
  CHECK(params[4].folded_default == Scalar::of_integer(ScalarType::i16, -3));
}

TEST_CASE("buffer counts are positive integers of bounded size", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer a : f32[0] device;
  buffer b : f32[-2] device;
  buffer c : f32[2.5] device;
  buffer d : f64[i64(131072) * 1048577] device;
  buffer e : u16[3u * 5u] managed;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 4);
  test::check_diag(*a, all[0], DiagCode::bad_buffer_size, "2:18",
                   "buffer 'a' must have at least one element, but has 0");
  test::check_diag(*a, all[1], DiagCode::bad_buffer_size, "3:18",
                   "buffer 'b' must have at least one element, but has -2");
  test::check_diag(*a, all[2], DiagCode::expected_integer, "4:18",
                   "buffer count must be an integer, but this expression is f64");
  test::check_diag(*a, all[3], DiagCode::buffer_too_large, "5:18",
                   "buffer 'd' is 1099512676352 bytes, over the limit of 1099511627776 bytes");
  CHECK(a->graph().buffers[4].count_value == 15);
  CHECK(a->graph().buffers[4].bytes() == 30);
}

TEST_CASE("initial contents convert to the buffer's type", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer a : i32[4] host = {1, 2, 3};
  buffer b : u8[4] host = fill(256);
  buffer c : u8[300] host = iota(0);
  buffer d : f16[3] device = {1, 0.5, -2};
  buffer e : i64[2] device = iota(-1);
  buffer f : f32[8] managed = fill(0.25);
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 3);
  test::check_diag(*a, all[0], DiagCode::init_count, "2:28",
                   "initializer of 'a' has 3 values, but the buffer has 4 elements");
  test::check_diag(*a, all[1], DiagCode::value_out_of_range, "3:32", "value 256 does not fit in type u8");
  test::check_diag(*a, all[2], DiagCode::value_out_of_range, "4:29", "value 299 does not fit in type u8");
  CHECK(a->notes(all[2]) == "iota(0) gives element 299 the value 299\n");
  const auto& buffers = a->graph().buffers;
  REQUIRE(buffers[3].init.folded.size() == 3);
  CHECK(buffers[3].init.folded[1] == Scalar::of_float(ScalarType::f16, 0.5));
  CHECK(buffers[3].init.folded[2] == Scalar::of_float(ScalarType::f16, -2.0));
  REQUIRE(buffers[4].init.folded.size() == 1);
  CHECK(buffers[4].init.folded[0] == Scalar::of_integer(ScalarType::i64, -1));
  REQUIRE(buffers[5].init.folded.size() == 1);
  CHECK(buffers[5].init.folded[0] == Scalar::of_float(ScalarType::f32, 0.25));
}

// Number literals take C++'s types (LP64: long is 64 bits).
#include <catch2/catch.hpp>

#include "frontend/text/literal.h"
#include "frontend_test_support.h"

using graphc::DiagCode;
using graphc::frontend::text::LiteralError;
using graphc::frontend::text::parse_literal;
using graphc::ir::Scalar;
using graphc::ir::ScalarType;

namespace {

Scalar ok(std::string_view text) {
  auto result = parse_literal(text);
  INFO(text);
  REQUIRE(std::holds_alternative<Scalar>(result));
  return std::get<Scalar>(result);
}

std::string error(std::string_view text) {
  auto result = parse_literal(text);
  INFO(text);
  REQUIRE(std::holds_alternative<LiteralError>(result));
  return std::get<LiteralError>(result).reason;
}

}  // namespace

TEST_CASE("decimal integers are i32, or i64 when they do not fit", "[grammar]") {
  CHECK(ok("1024") == Scalar::of_integer(ScalarType::i32, 1024));
  CHECK(ok("0") == Scalar::of_integer(ScalarType::i32, 0));
  CHECK(ok("2147483647") == Scalar::of_integer(ScalarType::i32, 2147483647));
  CHECK(ok("2147483648") == Scalar::of_integer(ScalarType::i64, 2147483648));
  CHECK(ok("9223372036854775807") == Scalar::of_integer(ScalarType::i64, INT64_MAX));
  CHECK(error("9223372036854775808") == "it does not fit in i64; a literal with the suffix 'ull' is u64");
  CHECK(error("18446744073709551616") == "it does not fit in u64");
}

TEST_CASE("integer suffixes: u, l, ll, ul, ull in any order and case", "[grammar]") {
  CHECK(ok("1024u") == Scalar::of_integer(ScalarType::u32, 1024));
  CHECK(ok("1024U") == Scalar::of_integer(ScalarType::u32, 1024));
  CHECK(ok("4294967296u") == Scalar::of_integer(ScalarType::u64, 4294967296));
  CHECK(ok("1024l") == Scalar::of_integer(ScalarType::i64, 1024));
  CHECK(ok("1024ll") == Scalar::of_integer(ScalarType::i64, 1024));
  CHECK(ok("1024LL") == Scalar::of_integer(ScalarType::i64, 1024));
  CHECK(ok("1024ul") == Scalar::of_integer(ScalarType::u64, 1024));
  CHECK(ok("1024ull") == Scalar::of_integer(ScalarType::u64, 1024));
  CHECK(ok("1024LLU") == Scalar::of_integer(ScalarType::u64, 1024));
  CHECK(ok("1024lu") == Scalar::of_integer(ScalarType::u64, 1024));
  CHECK(ok("18446744073709551615ull") == Scalar::of_integer(ScalarType::u64, -1));
  CHECK(error("1024lL") == "unknown suffix 'lL'");
  CHECK(error("1024uu") == "unknown suffix 'uu'");
  CHECK(error("12abc") == "unknown suffix 'abc'");
  CHECK(error("1024f") == "unknown suffix 'f'");
}

TEST_CASE("hexadecimal and binary integers may become unsigned, as in C++", "[grammar]") {
  CHECK(ok("0x10") == Scalar::of_integer(ScalarType::i32, 16));
  CHECK(ok("0XfF") == Scalar::of_integer(ScalarType::i32, 255));
  CHECK(ok("0x80000000") == Scalar::of_integer(ScalarType::u32, 0x80000000));
  CHECK(ok("0x100000000") == Scalar::of_integer(ScalarType::i64, 0x100000000));
  CHECK(ok("0x8000000000000000") == Scalar::of_integer(ScalarType::u64, INT64_MIN));
  CHECK(ok("0xffffffffl") == Scalar::of_integer(ScalarType::i64, 0xffffffff));
  CHECK(ok("0b101") == Scalar::of_integer(ScalarType::i32, 5));
  CHECK(error("0x") == "a hexadecimal literal needs digits after '0x'");
  CHECK(error("0b") == "a binary literal needs digits after '0b'");
  CHECK(error("0b102") == "'2' is not a binary digit");
  CHECK(error("0x1p3") == "hexadecimal floating literals are not supported");
  CHECK(error("0x1g") == "unknown suffix 'g'");
  CHECK(error("0x10000000000000000") == "it does not fit in u64");
}

TEST_CASE("a leading zero would be octal in C++ and is rejected", "[grammar]") {
  CHECK(error("010") == "octal literals are not supported; write the value without leading zeros");
}

TEST_CASE("floating literals: f32 with f, f64 without", "[grammar]") {
  CHECK(ok("2.0f") == Scalar::of_float(ScalarType::f32, 2.0));
  CHECK(ok("2.0F") == Scalar::of_float(ScalarType::f32, 2.0));
  CHECK(ok("2.0") == Scalar::of_float(ScalarType::f64, 2.0));
  CHECK(ok("1e-3") == Scalar::of_float(ScalarType::f64, 1e-3));
  CHECK(ok("1E+3") == Scalar::of_float(ScalarType::f64, 1000.0));
  CHECK(ok("2.") == Scalar::of_float(ScalarType::f64, 2.0));
  CHECK(ok(".5") == Scalar::of_float(ScalarType::f64, 0.5));
  CHECK(ok("0.1f") == Scalar::of_float(ScalarType::f32, static_cast<double>(0.1f)));
  CHECK(ok("1e10") == Scalar::of_float(ScalarType::f64, 1e10));
  CHECK(error("1e") == "the exponent has no digits");
  CHECK(error("1e+") == "the exponent has no digits");
  CHECK(error("1.5.3") == "unknown suffix '.3'");
  CHECK(error("2.0L") == "long double literals are not supported");
  CHECK(error("2.0q") == "unknown suffix 'q'");
  CHECK(error("1e39f") == "it is too large for f32");
  CHECK(error("1e999") == "it is too large for f64");
  CHECK(error("1e-999") == "it is too small for f64");
  CHECK(error("0.0000001e-999") == "it is too small for f64");
}

TEST_CASE("an invalid literal is reported at the literal and parsing goes on", "[grammar]") {
  const auto p = graphc::test::parse_any("graph g {\n  const A = 1 + 12abc;\n  const B = 99999999999999999999;\n}\n");
  const auto all = p->diags.sorted();
  REQUIRE(all.size() == 2);
  CHECK(code_name(all[0].code) == "E0003");
  CHECK(p->span(all[0].range) == "2:17-2:22");
  CHECK(all[0].message == "invalid literal '12abc': unknown suffix 'abc'");
  CHECK(p->at(all[1].range) == "3:13");
  CHECK(all[1].message == "invalid literal '99999999999999999999': it does not fit in u64");
  CHECK(p->graph().consts.size() == 2);
}

// Expressions: precedence, associativity, calls, casts and their source ranges.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using graphc::test::const_value;
using graphc::test::parse_ok;
using graphc::test::sexpr;

TEST_CASE("* / % bind tighter than + -, and both associate to the left", "[grammar]") {
  CHECK(sexpr(const_value("1 + 2 * 3")) == "(+ 1:i32 (* 2:i32 3:i32))");
  CHECK(sexpr(const_value("1 * 2 + 3")) == "(+ (* 1:i32 2:i32) 3:i32)");
  CHECK(sexpr(const_value("a - b - c")) == "(- (- a b) c)");
  CHECK(sexpr(const_value("a / b * c % d")) == "(% (* (/ a b) c) d)");
  CHECK(sexpr(const_value("(a + b) * c")) == "(* (+ a b) c)");
  CHECK(sexpr(const_value("a - (b - c)")) == "(- a (- b c))");
}

TEST_CASE("unary minus binds tighter than any binary operator", "[grammar]") {
  CHECK(sexpr(const_value("-a * b")) == "(* (neg a) b)");
  CHECK(sexpr(const_value("a * -b")) == "(* a (neg b))");
  CHECK(sexpr(const_value("a - -b")) == "(- a (neg b))");
  CHECK(sexpr(const_value("--2")) == "(neg (neg 2:i32))");
  CHECK(sexpr(const_value("-2147483648")) == "(neg 2147483648:i64)");
}

TEST_CASE("calls take any number of arguments, casts take one", "[grammar]") {
  CHECK(sexpr(const_value("ceil_div(N, 256)")) == "(ceil_div N 256:i32)");
  CHECK(sexpr(const_value("min(a, max(b, 2.5f)) + 1")) == "(+ (min a (max b 2.5:f32)) 1:i32)");
  CHECK(sexpr(const_value("f()")) == "(f)");
  CHECK(sexpr(const_value("i64(1024) * 2")) == "(* (i64 1024:i32) 2:i32)");
  CHECK(sexpr(const_value("u8(a + 1)")) == "(u8 (+ a 1:i32))");
  CHECK(sexpr(const_value("bf16(0.5)")) == "(bf16 0.5:f64)");
  CHECK(sexpr(const_value("f16(x)")) == "(f16 x)");
}

TEST_CASE("every expression's range covers its text, parentheses included", "[grammar]") {
  const auto p = parse_ok("graph g {\n  const X = (a + b) * ceil_div(N, 4) - i64(-c);\n}\n");
  const graphc::ir::Expr& e = p->graph().consts.at(0).value;
  CHECK(p->text(e.range) == "(a + b) * ceil_div(N, 4) - i64(-c)");
  const graphc::ir::Expr& product = e.operands.at(0);
  CHECK(p->text(product.range) == "(a + b) * ceil_div(N, 4)");
  CHECK(p->text(product.operands.at(0).range) == "(a + b)");
  CHECK(p->text(product.operands.at(0).operands.at(0).range) == "a");
  CHECK(p->text(product.operands.at(1).range) == "ceil_div(N, 4)");
  CHECK(p->text(product.operands.at(1).operands.at(1).range) == "4");
  const graphc::ir::Expr& cast = e.operands.at(1);
  CHECK(p->text(cast.range) == "i64(-c)");
  CHECK(p->text(cast.operands.at(0).range) == "-c");
  CHECK(p->span(cast.range) == "2:40-2:47");
}

TEST_CASE("comments and line breaks may come between any two tokens", "[grammar]") {
  const auto p = parse_ok("graph g {\n  const X = a /* first */ +\n    // then\n    b; // done\n}\n");
  const graphc::ir::Expr& e = p->graph().consts.at(0).value;
  CHECK(sexpr(e) == "(+ a b)");
  CHECK(p->span(e.range) == "2:13-4:6");
  CHECK(p->span(p->graph().consts.at(0).range) == "2:3-4:7");
}

// Capture nodes in the grammar and the YAML form: `capture NAME : FUNC(args);` with a
// library operation (a dotted name, template arguments kept as written) or a C++ name, the
// same node from YAML, and the syntax errors of each.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using namespace graphc;
using graphc::test::expect_error;
using graphc::test::parse_ok;

TEST_CASE("a capture node names a library operation or a C++ function and passes expressions", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  capture mm : cublas.gemm<T,  N>(16, 16, 16, alpha, a + 4, 16, b, 16, 0.0, c, 16);
  capture user : solver::step<float>(x, n * 2);
  capture none : flush();
  if check (go) { capture inner : flush(); }
}
)");
  const auto& mm = std::get<ir::CaptureNode>(p->node("mm").op);
  CHECK(mm.function == "cublas.gemm<T, N>");  // normalised as C++ names are
  CHECK(p->span(mm.function_range) == "2:16-2:34");
  REQUIRE(mm.args.size() == 11);
  CHECK(test::sexpr(mm.args[4].expr) == "(+ a 4:i32)");
  CHECK(p->span(mm.args_range) == "2:34-2:83");
  const auto& user = std::get<ir::CaptureNode>(p->node("user").op);
  CHECK(user.function == "solver::step<float>");
  CHECK(test::sexpr(user.args[1].expr) == "(* n 2:i32)");
  CHECK(std::get<ir::CaptureNode>(p->node("none").op).args.empty());
  CHECK(p->node("inner").body.valid());
  CHECK(ir::kind_name(p->node("mm")) == "capture");
}

TEST_CASE("a capture node's syntax errors say what is missing", "[grammar]") {
  expect_error("graph g { capture : f(); }", DiagCode::syntax_error, "1:19",
               "expected the node's name after 'capture'");
  expect_error("graph g { capture c f(); }", DiagCode::syntax_error, "1:21",
               "expected ':' and the captured function after the node's name");
  expect_error("graph g { capture c : 1(); }", DiagCode::syntax_error, "1:23",
               "expected the captured function: a library operation such as cublas.gemm<N, N>, or the name of a "
               "function registered with Bindings::capture");
  expect_error("graph g { capture c : f; }", DiagCode::syntax_error, "1:24",
               "expected '(' and the arguments after the captured function");
  expect_error("graph g { capture c : f(a b); }", DiagCode::syntax_error, "1:27",
               "expected ',' or ')' after an argument of the capture");
  expect_error("graph g { capture c : f(a) }", DiagCode::syntax_error, "1:28", "expected ';' after the capture node");
  expect_error("graph g { buffer capture : f32[1] device; }", DiagCode::syntax_error, "1:18",
               "'capture' is a reserved word and cannot be used as a name");
}

TEST_CASE("a YAML capture node is the text form's", "[yaml]") {
  const auto p = parse_ok(R"(graphs:
  g:
    nodes:
      mm: {capture: "cublas.gemm<T, N>", args: [16, 16, 16, alpha, a + 4, 16, b, 16, 0.0, c, 16]}
      user: {capture: solver::step, args: []}
)",
                          "t.yaml");
  const auto& mm = std::get<ir::CaptureNode>(p->node("mm").op);
  CHECK(mm.function == "cublas.gemm<T, N>");
  REQUIRE(mm.args.size() == 11);
  CHECK(test::sexpr(mm.args[4].expr) == "(+ a 4:i32)");
  CHECK(p->at(mm.args[4].range) == "4:68");
  CHECK(std::get<ir::CaptureNode>(p->node("user").op).function == "solver::step");
  expect_error("graphs:\n  g:\n    nodes:\n      c: {capture: f}\n", DiagCode::yaml_missing_key, "4:10",
               "node 'c' has no 'args'", "t.yaml");
}

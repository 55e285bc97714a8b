// Child graphs in the grammar: `import "path";`, a graph's parameters, and
// `call NAME : GRAPH(args);` nodes, with the syntax errors of each.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using namespace graphc;
using graphc::test::expect_error;
using graphc::test::parse_ok;

TEST_CASE("a graph's parameters are its first buffers and params, in order", "[grammar]") {
  const auto p = parse_ok(R"(graph layer(x : f32[N] device, s : f32, y : i32[4] host) {
  const N = 16;
  buffer own : f32[2] device;
}
)");
  const ir::Graph& g = p->graph();
  REQUIRE(g.parameters.size() == 3);
  REQUIRE(g.buffers.size() == 3);
  REQUIRE(g.params.size() == 1);
  CHECK(g.parameters[0].kind == ir::Parameter::Kind::buffer);
  CHECK(g.buffer(g.parameters[0].buffer).name == "x");
  CHECK(test::sexpr(g.buffer(g.parameters[0].buffer).count) == "N");
  CHECK(g.parameters[1].kind == ir::Parameter::Kind::scalar);
  CHECK(g.param(g.parameters[1].param).name == "s");
  CHECK(g.param(g.parameters[1].param).type == ir::ScalarType::f32);
  CHECK_FALSE(g.param(g.parameters[1].param).default_value);
  CHECK(g.buffer(g.parameters[2].buffer).space == ir::MemorySpace::host);
  CHECK(g.buffers[2].name == "own");
  CHECK(g.is_parameter(ir::BufferId{0}));
  CHECK_FALSE(g.is_parameter(ir::BufferId{2}));
  CHECK(p->span(g.buffer(g.parameters[0].buffer).name_range) == "1:13-1:14");
}

TEST_CASE("a call names a graph and passes expressions, or none without parentheses", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  call a : layer(x + 4, 0.5f, scale);
  call b : other;
  call c : other();
  if check (go) { call inner : layer(x); }
}
)");
  const auto& a = std::get<ir::ChildGraphNode>(p->node("a").op);
  CHECK(a.graph == "layer");
  CHECK(p->span(a.graph_range) == "2:12-2:17");
  REQUIRE(a.args.size() == 3);
  CHECK(test::sexpr(a.args[0].expr) == "(+ x 4:i32)");
  CHECK(p->span(a.args[1].range) == "2:25-2:29");
  CHECK(p->span(a.args_range) == "2:17-2:37");
  const auto& b = std::get<ir::ChildGraphNode>(p->node("b").op);
  CHECK(b.args.empty());
  CHECK_FALSE(b.args_range.valid());
  CHECK(std::get<ir::ChildGraphNode>(p->node("c").op).args_range.valid());
  CHECK(p->node("inner").body.valid());
  CHECK(ir::kind_name(p->node("a")) == "call");
}

TEST_CASE("imports are kept with their paths resolved against the file's folder", "[grammar]") {
  const auto p = parse_ok("import \"lib/layers.graph\";\ngraph g { empty e; }\n", "models/net.graph");
  REQUIRE(p->module.imports.size() == 1);
  CHECK(p->module.imports[0].path == "lib/layers.graph");
  CHECK(p->module.imports[0].resolved == "models/lib/layers.graph");
  CHECK(p->span(p->module.imports[0].range) == "1:1-1:27");
}

TEST_CASE("syntax errors in calls, parameters and imports", "[grammar]") {
  expect_error("graph g { call : layer(); }", DiagCode::syntax_error, "1:16", "expected the node's name after 'call'");
  expect_error("graph g { call c layer(); }", DiagCode::syntax_error, "1:18",
               "expected ':' and the called graph after the node's name");
  expect_error("graph g { call c : (x); }", DiagCode::syntax_error, "1:20",
               "expected the name of the graph the node calls");
  expect_error("graph g { call c : layer(x y); }", DiagCode::syntax_error, "1:28",
               "expected ',' or ')' after an argument of the call");
  expect_error("graph g { call c : layer }", DiagCode::syntax_error, "1:26",
               "expected '(' and the arguments, or ';', after the called graph");
  expect_error("graph g(x f32) { }", DiagCode::syntax_error, "1:11",
               "expected ':' and a type after the parameter's name");
  expect_error("graph g(x : f32[4 device) { }", DiagCode::syntax_error, "1:19",
               "expected ']' after the number of elements");
  expect_error("graph g(x : f32[4]) { }", DiagCode::syntax_error, "1:19",
               "expected the buffer's memory space (device, host or managed)");
  expect_error("graph g(x : f32,) { }", DiagCode::syntax_error, "1:17",
               "expected a parameter, such as x : f32[N] device, s : f32 or c : comm");
  expect_error("graph g(x : f32 { }", DiagCode::syntax_error, "1:17", "expected ',' or ')' after a parameter");
  expect_error("import layers.graph;", DiagCode::syntax_error, "1:8",
               "expected the imported file's path as a string, such as \"layers.graph\"");
  expect_error("import \"a.graph\"\ngraph g { }", DiagCode::syntax_error, "1:17",
               "expected ';' after the import declaration");
}

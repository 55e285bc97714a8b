// Conditional nodes in the grammar: conds, if / else, while, switch / case, nested bodies,
// and the syntax errors of each.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using namespace graphc;
using graphc::test::expect_error;
using graphc::test::parse_ok;

namespace {

const ir::ConditionalNode& conditional(const test::Parsed& p, std::string_view name) {
  return std::get<ir::ConditionalNode>(p.node(name).op);
}

}  // namespace

TEST_CASE("a cond with and without a default, in the graph and in a body", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  cond plain;
  cond set = 2 * 3;
  if check (set) {
    cond inner = 1;
  }
}
)");
  const auto& conds = p->graph().conds;
  REQUIRE(conds.size() == 3);
  CHECK(conds[0].name == "plain");
  CHECK(p->span(conds[0].name_range) == "2:8-2:13");
  CHECK_FALSE(conds[0].default_value);
  CHECK_FALSE(conds[0].body.valid());
  REQUIRE(conds[1].default_value);
  CHECK(test::sexpr(*conds[1].default_value) == "(* 2:i32 3:i32)");
  CHECK(conds[2].body == ir::BodyId{0});
}

TEST_CASE("if, if/else, while and switch become conditional nodes with their bodies", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  if one (c) { empty a; }
  if two (c) { empty b; } else { empty d; }
  while loop (c) { empty e; empty f; e -> f; }
  switch pick (c) { case 0 { } case 1 { empty h; } }
}
)");
  const ir::Graph& g = p->graph();
  CHECK(conditional(*p, "one").type == ir::ConditionalNode::Type::if_);
  CHECK(conditional(*p, "one").bodies.size() == 1);
  CHECK(conditional(*p, "two").bodies.size() == 2);
  CHECK(conditional(*p, "loop").type == ir::ConditionalNode::Type::while_);
  const ir::ConditionalNode& pick = conditional(*p, "pick");
  CHECK(pick.type == ir::ConditionalNode::Type::switch_);
  REQUIRE(pick.bodies.size() == 2);
  REQUIRE(pick.cases.size() == 2);
  CHECK(test::sexpr(pick.cases[1]) == "1:i32");
  CHECK(pick.cond == "c");
  CHECK(p->span(pick.cond_range) == "5:16-5:17");

  // Each body names its node and index; its nodes and edges are marked with it.
  const ir::Body& else_body = g.body(conditional(*p, "two").bodies[1]);
  CHECK(g.node(else_body.conditional).name == "two");
  CHECK(else_body.index == 1);
  CHECK(p->span(else_body.range) == "3:27-3:44");
  CHECK(p->node("d").body == conditional(*p, "two").bodies[1]);
  CHECK_FALSE(p->node("one").body.valid());
  REQUIRE(g.edges.size() == 1);
  CHECK(g.edges[0].body == conditional(*p, "loop").bodies[0]);
  // Nodes are in source order: a conditional node before its bodies' nodes.
  CHECK(g.nodes[0].name == "one");
  CHECK(g.nodes[1].name == "a");
}

TEST_CASE("bodies nest: a body's conditional node holds bodies whose parent is that body", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  if outer (a) {
    while middle (b) {
      switch inner (c) { case 0 { empty leaf; } }
    }
  }
}
)");
  const ir::Graph& g = p->graph();
  const ir::BodyId leaf_body = p->node("leaf").body;
  const ir::BodyId middle_body = p->node("inner").body;
  const ir::BodyId outer_body = p->node("middle").body;
  CHECK(g.body(leaf_body).parent == middle_body);
  CHECK(g.body(middle_body).parent == outer_body);
  CHECK_FALSE(g.body(outer_body).parent.valid());
  CHECK(g.body_within(leaf_body, outer_body));
  CHECK_FALSE(g.body_within(outer_body, leaf_body));
  CHECK(g.body_within(outer_body, ir::BodyId{}));
}

TEST_CASE("syntax errors in conditionals", "[grammar]") {
  expect_error("graph g {\n  cond;\n}\n", DiagCode::syntax_error, "2:7", "expected the cond's name after 'cond'");
  expect_error("graph g {\n  cond c = ;\n}\n", DiagCode::syntax_error, "2:12",
               "expected the cond's default value after '='");
  expect_error("graph g {\n  if (c) { }\n}\n", DiagCode::syntax_error, "2:6", "expected the node's name after 'if'");
  expect_error("graph g {\n  if n c { }\n}\n", DiagCode::syntax_error, "2:8",
               "expected '(' and the cond the node tests after its name");
  expect_error("graph g {\n  while w (c) ;\n}\n", DiagCode::syntax_error, "2:15",
               "expected '{' and the body the while repeats");
  expect_error("graph g {\n  if n (c) { } else ;\n}\n", DiagCode::syntax_error, "2:21",
               "expected '{' and the body after 'else'");
  expect_error("graph g {\n  switch s (c) { }\n}\n", DiagCode::syntax_error, "2:18",
               "expected a case, as in 'case 0 { ... }'");
  expect_error("graph g {\n  switch s (c) { case 0 { } oops }\n}\n", DiagCode::syntax_error, "2:29",
               "expected another case or '}' to close the switch");
  expect_error("graph g {\n  switch s (c) { case x { } }\n}\n", DiagCode::syntax_error, "2:23",
               "expected the case's value, a non-negative integer");
  expect_error("graph g {\n  if n (c) { param p : f32; }\n}\n", DiagCode::syntax_error, "2:14",
               "'param' declarations belong to the graph, not to a body: declare it before the conditional node, at "
               "the graph's level");
  expect_error("graph g {\n  if n (c) { empty a; ) }\n}\n", DiagCode::syntax_error, "2:23",
               "expected a node, a cond, an edge, or '}' to close the body");
}

TEST_CASE("bodies nest at most 64 deep, so that no input exhausts the stack", "[grammar]") {
  std::string deep = "graph g {\n";
  for (int i = 0; i < 65; ++i) deep += "if n" + std::to_string(i) + " (c) {\n";
  deep += std::string(65, '}') + "\n}\n";
  expect_error(deep, DiagCode::syntax_error, "66:12",
               "nested too deeply: at most 64 levels of conditional bodies and loops");
  std::string ok = "graph g {\n";
  for (int i = 0; i < 64; ++i) ok += "if n" + std::to_string(i) + " (c) {\n";
  ok += std::string(64, '}') + "\n}\n";
  CHECK(parse_ok(ok)->graph().bodies.size() == 64);
}

// Edge ports: `->[programmatic]` and `->[launch_completion]` on single edges, chains and
// groups, each edge with its port and the port's range; and their syntax errors.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "frontend_test_support.h"

using graphc::DiagCode;
using graphc::test::expect_error;
using graphc::test::parse_ok;
namespace ir = graphc::ir;

namespace {

std::string_view port_text(ir::EdgePort port) {
  switch (port) {
    case ir::EdgePort::default_: return "default";
    case ir::EdgePort::programmatic: return "programmatic";
    case ir::EdgePort::launch_completion: return "launch_completion";
  }
  return "?";
}

// Every edge of the first graph as "from->to:port@line:col" (the arrow's position).
std::vector<std::string> edges_with_ports(const graphc::test::Parsed& p) {
  std::vector<std::string> out;
  for (const ir::Edge& e : p.graph().edges) {
    out.push_back(fmt::format("{}->{}:{}@{}", e.from, e.to, port_text(e.port), p.at(e.range)));
  }
  return out;
}

}  // namespace

TEST_CASE("a port edge has the port, the port word's range and the arrow's", "[grammar]") {
  const auto p = parse_ok("graph g {\n  a ->[programmatic] b;\n}\n");
  REQUIRE(p->graph().edges.size() == 1);
  const ir::Edge& e = p->graph().edges[0];
  CHECK(e.port == ir::EdgePort::programmatic);
  CHECK(p->span(e.range) == "2:5-2:7");
  CHECK(p->span(e.port_range) == "2:8-2:20");
  CHECK(p->span(e.from_range) == "2:3-2:4");
  CHECK(p->span(e.to_range) == "2:22-2:23");
}

TEST_CASE("launch_completion, and whitespace and comments around the port", "[grammar]") {
  const auto p = parse_ok("graph g {\n  a -> [ launch_completion /* port */ ] b;\n}\n");
  REQUIRE(p->graph().edges.size() == 1);
  const ir::Edge& e = p->graph().edges[0];
  CHECK(e.port == ir::EdgePort::launch_completion);
  CHECK(p->text(e.port_range) == "launch_completion");
  CHECK(p->at(e.to_range) == "2:41");
}

TEST_CASE("a port applies to every edge of its arrow only, in chains and groups", "[grammar]") {
  const auto p = parse_ok(
      "graph g {\n  a ->[programmatic] {b, c} -> d ->[launch_completion] e;\n  {x, y} ->[programmatic] z;\n}\n");
  CHECK(edges_with_ports(*p) == std::vector<std::string>{"a->b:programmatic@2:5", "a->c:programmatic@2:5",
                                                         "b->d:default@2:29", "c->d:default@2:29",
                                                         "d->e:launch_completion@2:34", "x->z:programmatic@3:10",
                                                         "y->z:programmatic@3:10"});
  CHECK_FALSE(p->graph().edges[2].port_range.valid());
  CHECK(p->span(p->graph().edges[4].port_range) == "2:37-2:54");
}

TEST_CASE("port syntax errors", "[grammar]") {
  expect_error("graph g {\n  a ->[] b;\n}\n", DiagCode::syntax_error, "2:8",
               "expected the edge's port after '[': programmatic or launch_completion");
  expect_error("graph g {\n  a ->[programmatic b;\n}\n", DiagCode::syntax_error, "2:21",
               "expected ']' after the edge's port");
  expect_error("graph g {\n  a ->[programmatic];\n}\n", DiagCode::syntax_error, "2:21",
               "expected a node's name or a group {a, b, ...} after '->'");
  expect_error("graph g {\n  a -> b ->[default] c;\n}\n", DiagCode::syntax_error, "2:13",
               "expected the edge's port after '[': programmatic or launch_completion");
  // A port belongs after an arrow, not before one.
  expect_error("graph g {\n  a [programmatic] -> b;\n}\n", DiagCode::syntax_error, "2:5",
               "expected '->' after the node's name; a declaration starts with const, param, buffer, view, cond, "
               "event, comm, kernel, copy, memset, host, empty, if, while, switch, record, wait, alloc, free, "
               "call, capture, collective or for");
}

TEST_CASE("a misspelt port gets a suggestion", "[grammar]") {
  const auto p = graphc::test::parse_any("graph g {\n  a ->[programatic] b;\n}\n");
  const auto all = p->diags.sorted();
  REQUIRE(all.size() == 1);
  CHECK(code_name(all[0].code) == "E0001");
  CHECK(p->at(all[0].range) == "2:8");
  REQUIRE(all[0].notes.size() == 1);
  CHECK(p->at(all[0].notes[0].range) == "2:8");
  CHECK(all[0].notes[0].message == "did you mean 'programmatic'?");
}

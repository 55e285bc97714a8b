// Edges: single, chains, fan-out and fan-in groups; each edge with its ranges.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "frontend_test_support.h"

using graphc::test::parse_ok;

namespace {

// Every edge of the first graph as "from->to@line:col" (the arrow's position).
std::vector<std::string> edges(const graphc::test::Parsed& p) {
  std::vector<std::string> out;
  for (const graphc::ir::Edge& e : p.graph().edges)
    out.push_back(fmt::format("{}->{}@{}", e.from, e.to, p.at(e.range)));
  return out;
}

}  // namespace

TEST_CASE("a single edge has the names' ranges and the arrow's", "[grammar]") {
  const auto p = parse_ok("graph g {\n  a -> bb;\n}\n");
  REQUIRE(p->graph().edges.size() == 1);
  const graphc::ir::Edge& e = p->graph().edges[0];
  CHECK(e.from == "a");
  CHECK(e.to == "bb");
  CHECK(p->span(e.from_range) == "2:3-2:4");
  CHECK(p->span(e.to_range) == "2:8-2:10");
  CHECK(p->span(e.range) == "2:5-2:7");
  CHECK(e.port == graphc::ir::EdgePort::default_);
}

TEST_CASE("a chain is one edge per arrow", "[grammar]") {
  const auto p = parse_ok("graph g {\n  upload -> forward -> backward -> download;\n}\n");
  CHECK(edges(*p) ==
        std::vector<std::string>{"upload->forward@2:10", "forward->backward@2:21", "backward->download@2:33"});
}

TEST_CASE("groups join every member on one side to every member on the other", "[grammar]") {
  const auto p = parse_ok("graph g {\n  a -> {b, c} -> d;\n  {x, y} -> {z, w};\n}\n");
  CHECK(edges(*p) == std::vector<std::string>{"a->b@2:5", "a->c@2:5", "b->d@2:15", "c->d@2:15", "x->z@3:10",
                                              "x->w@3:10", "y->z@3:10", "y->w@3:10"});
  const graphc::ir::Edge& c_to_d = p->graph().edges[3];
  CHECK(p->span(c_to_d.from_range) == "2:12-2:13");
  CHECK(p->span(c_to_d.to_range) == "2:18-2:19");
}

TEST_CASE("edges keep source order across statements and around declarations", "[grammar]") {
  const auto p = parse_ok("graph g {\n  b -> c;\n  empty a;\n  a -> b;\n  a -> {c};\n}\n");
  CHECK(edges(*p) == std::vector<std::string>{"b->c@2:5", "a->b@4:5", "a->c@5:5"});
}

TEST_CASE("edges may span lines and carry comments", "[grammar]") {
  const auto p = parse_ok("graph g {\n  a // first\n    -> /* then */ b\n    -> c;\n}\n");
  CHECK(edges(*p) == std::vector<std::string>{"a->b@3:5", "b->c@4:5"});
  CHECK(p->span(p->graph().edges[0].from_range) == "2:3-2:4");
}

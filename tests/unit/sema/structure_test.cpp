// Structure: self edges, duplicate edges (given to CUDA once), cycles.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("fan-out and fan-in make one edge per pair", "[sema]") {
  const auto a = analyze_text("graph g {\n  empty a;\n  empty b;\n  empty c;\n  empty d;\n  a -> {b, c} -> d;\n}\n");
  REQUIRE(a->sorted().empty());
  const auto& edges = a->graph().edges;
  REQUIRE(edges.size() == 4);
  for (const ir::Edge& e : edges) {
    CHECK(a->graph().node(e.from_id).name == e.from);
    CHECK(a->graph().node(e.to_id).name == e.to);
  }
}

TEST_CASE("a duplicate edge is given once, a self edge is an error", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  empty a;
  empty b;
  a -> b;
  a -> b;
  b -> b;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::duplicate_edge, "5:5",
                   "duplicate edge 'a' -> 'b'; CUDA rejects duplicate dependencies, so it is given once");
  CHECK(all[0].severity == Severity::warning);
  CHECK(a->notes(all[0]) == "4:5: first given here\n");
  test::check_diag(*a, all[1], DiagCode::self_edge, "6:5", "node 'b' depends on itself");
  const auto& edges = a->graph().edges;
  REQUIRE(edges.size() == 2);
  CHECK(a->at(edges[0].range) == "4:5");
  CHECK(a->at(edges[1].range) == "6:5");
}

TEST_CASE("each later copy of an edge is reported against the first, and the first copies keep their order", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  empty a;
  empty b;
  empty c;
  a -> c;
  a -> b;
  a -> c;
  a -> b;
  a -> c;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 3);
  CHECK(a->at(all[0].range) == "7:5");
  CHECK(a->notes(all[0]) == "5:5: first given here\n");
  CHECK(a->at(all[1].range) == "8:5");
  CHECK(a->notes(all[1]) == "6:5: first given here\n");
  CHECK(a->at(all[2].range) == "9:5");
  CHECK(a->notes(all[2]) == "5:5: first given here\n");
  const auto& edges = a->graph().edges;
  REQUIRE(edges.size() == 2);
  CHECK(edges[0].to == "c");
  CHECK(edges[1].to == "b");
}

TEST_CASE("a duplicate edge alone is only a warning", "[sema]") {
  const auto a = analyze_text("graph g {\n  empty a;\n  empty b;\n  a -> b -> a -> b;\n}\n");
  // a -> b twice and a cycle a -> b -> a.
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::cycle, "2:9", "graph 'g' has a cycle: a -> b -> a");
  test::check_diag(*a, all[1], DiagCode::duplicate_edge, "4:15",
                   "duplicate edge 'a' -> 'b'; CUDA rejects duplicate dependencies, so it is given once");

  const auto ok = analyze_text("graph g {\n  empty a;\n  empty b;\n  a -> b;\n  a -> b;\n}\n");
  CHECK(ok->ok);
  REQUIRE(ok->sorted().size() == 1);
  CHECK(ok->graph().edges.size() == 1);
}

TEST_CASE("a cycle is named once, in order, with its edges", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  empty a;
  empty b;
  empty c;
  empty d;
  a -> b -> c -> a;
  c -> d -> b;
  empty x;
  empty y;
  y -> x -> y;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::cycle, "2:9", "graph 'g' has a cycle: a -> b -> c -> a");
  CHECK(a->notes(all[0]) == "6:5: 'b' depends on 'a' here\n"
                            "6:10: 'c' depends on 'b' here\n"
                            "6:15: 'a' depends on 'c' here\n");
  test::check_diag(*a, all[1], DiagCode::cycle, "8:9", "graph 'g' has a cycle: x -> y -> x");
  CHECK(a->notes(all[1]) == "10:10: 'y' depends on 'x' here\n"
                            "10:5: 'x' depends on 'y' here\n");
}

TEST_CASE("an unknown node in a chain is reported once and takes no part in structure checks", "[sema]") {
  const auto a = analyze_text("graph g {\n  empty a;\n  a -> zz -> a;\n  zz -> a;\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::unknown_node, "3:8", "unknown node 'zz'");
  test::check_diag(*a, all[1], DiagCode::unknown_node, "4:3", "unknown node 'zz'");
  CHECK(a->graph().edges.size() == 3);
}

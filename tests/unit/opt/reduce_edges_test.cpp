// opt::reduce_edges: which edges other paths imply, on graph shapes; what it leaves alone
// (ports, -O0); and that what the back ends read (Graph::edges, their dependencies) no
// longer has them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "compile.h"
#include "compile_ok.h"
#include "ir/creation_order.h"

using namespace graphc;
using graphc::test::compile_ok;

namespace {

// Each implied edge as "from->to via a -> b -> c".
std::vector<std::string> implied(const Compilation& c) {
  std::vector<std::string> out;
  for (const opt::ImpliedEdge& e : c.implied_edges) {
    out.push_back(fmt::format("{}->{} via {}", e.edge.from, e.edge.to, fmt::join(e.path, " -> ")));
  }
  return out;
}

const std::string kChain = "graph g { empty a; empty b; empty c; empty d; a -> b -> c -> d; a -> {c, d}; b -> d; }\n";

}  // namespace

TEST_CASE("opt: a chain's shortcuts are implied, each with a path that implies it", "[opt]") {
  const auto c = compile_ok(kChain);
  CHECK(implied(*c) ==
        std::vector<std::string>{"a->c via a -> b -> c", "a->d via a -> b -> c -> d", "b->d via b -> c -> d"});
  CHECK(c->module.graphs[0].edges.size() == 3);
  // The back ends' dependencies: each node waits only for the one before it.
  const ir::CreationOrder creation(c->module.graphs[0]);
  const auto deps = creation.dependencies(ir::NodeId{3});
  REQUIRE(deps.size() == 1);
  CHECK(deps[0].from.value == 2);
}

TEST_CASE("opt: a diamond and parallel chains imply nothing", "[opt]") {
  CHECK(compile_ok("graph g { empty a; empty b; empty c; empty d; a -> {b, c} -> d; }\n")->implied_edges.empty());
  CHECK(compile_ok("graph g { empty a; empty b; empty c; empty d; a -> b; c -> d; }\n")->implied_edges.empty());
}

TEST_CASE("opt: port edges are never removed and imply nothing", "[opt]") {
  const std::string kernels = "kernel a : f<<<1, 1>>>(); kernel b : f<<<1, 1>>>(); kernel c : f<<<1, 1>>>();";
  // b may start before a completes, so a -> c still orders c after a's completion.
  CHECK(compile_ok("graph g { " + kernels + " a ->[programmatic] b -> c; a -> c; }\n")->implied_edges.empty());
  CHECK(compile_ok("graph g { " + kernels + " a ->[launch_completion] b -> c; a -> c; }\n")->implied_edges.empty());
  // A port edge is kept even where default edges order its nodes.
  CHECK(compile_ok("graph g { " + kernels + " a -> b -> c; a ->[programmatic] c; }\n")->implied_edges.empty());
}

TEST_CASE("opt: conditional bodies are reduced too", "[opt]") {
  const auto c =
      compile_ok("graph g { cond go = 1; if check (go) { empty x; empty y; empty z; x -> y -> z; x -> z; } }\n");
  CHECK(implied(*c) == std::vector<std::string>{"x->z via x -> y -> z"});
}

TEST_CASE("opt: -O0 (optimize = false) keeps every edge", "[opt]") {
  const auto c = compile_ok(kChain, CompileOptions{.optimize = false});
  CHECK(c->implied_edges.empty());
  CHECK(ir::CreationOrder(c->module.graphs[0]).dependencies(ir::NodeId{3}).size() == 3);
}

TEST_CASE("opt: a long chain with every edge of span 16 or less keeps only the chain", "[opt]") {
  // Over several blocks of the reachability computation (4096 targets each).
  constexpr int kNodes = 5000;
  std::string text = "graph g {\n";
  for (int i = 0; i < kNodes; ++i) text += fmt::format("empty n{};\n", i);
  std::size_t edges = 0;
  for (int i = 0; i < kNodes; ++i) {
    for (int j = i + 1; j <= i + 16 && j < kNodes; ++j, ++edges) text += fmt::format("n{} -> n{};\n", i, j);
  }
  text += "}\n";
  const auto c = compile_ok(text);
  CHECK(c->implied_edges.size() == edges - (kNodes - 1));
  const std::vector<ir::Edge>& kept = c->module.graphs[0].edges;
  REQUIRE(kept.size() == kNodes - 1);
  for (int i = 0; i + 1 < kNodes; ++i) {
    CHECK(kept[i].from == fmt::format("n{}", i));
    CHECK(kept[i].to == fmt::format("n{}", i + 1));
  }
}

TEST_CASE("opt: on random DAGs, exactly the edges that another path implies are removed", "[opt]") {
  // Against a brute-force search, on graphs where most nodes have one successor or one
  // predecessor (which the reducer skips) and some have several.
  std::uint32_t seed = 12345;
  const auto next = [&seed](std::uint32_t bound) {
    seed = seed * 1664525U + 1013904223U;
    return (seed >> 8) % bound;
  };
  std::size_t implied_in_all = 0;
  for (int round = 0; round < 40; ++round) {
    const std::uint32_t n = 6 + next(20);
    std::vector<std::vector<bool>> edge(n, std::vector<bool>(n, false));
    std::string text = "graph g {\n";
    for (std::uint32_t i = 0; i < n; ++i) text += fmt::format("  empty n{};\n", i);
    for (std::uint32_t e = 2 * n + next(2 * n); e > 0; --e) {
      const std::uint32_t a = next(n);
      const std::uint32_t b = next(n);
      if (a >= b || edge[a][b]) continue;
      edge[a][b] = true;
      text += fmt::format("  n{} -> n{};\n", a, b);
    }
    const auto c = compile_ok(text + "}\n");
    // reach[a][b]: a path of one or more edges from a to b (a < b for every edge).
    std::vector<std::vector<bool>> reach = edge;
    for (std::uint32_t a = n; a-- > 0;) {
      for (std::uint32_t w = a + 1; w < n; ++w) {
        if (!edge[a][w]) continue;
        for (std::uint32_t b = w + 1; b < n; ++b) reach[a][b] = reach[a][b] || reach[w][b];
      }
    }
    std::vector<std::string> expected;
    for (std::uint32_t a = 0; a < n; ++a) {
      for (std::uint32_t b = a + 1; b < n; ++b) {
        bool other_path = false;
        for (std::uint32_t w = a + 1; w < b; ++w) other_path = other_path || (edge[a][w] && reach[w][b]);
        if (edge[a][b] && other_path) expected.push_back(fmt::format("n{}->n{}", a, b));
      }
    }
    std::vector<std::string> removed;
    for (const opt::ImpliedEdge& e : c->implied_edges) removed.push_back(e.edge.from + "->" + e.edge.to);
    std::sort(removed.begin(), removed.end());
    std::sort(expected.begin(), expected.end());
    INFO(text);
    CHECK(removed == expected);
    implied_in_all += expected.size();
  }
  CHECK(implied_in_all > 20);  // the graphs do have implied edges
}

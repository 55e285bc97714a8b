// opt::order_creation: the back ends' creation order with the optimiser's ranks (longest
// path ahead first, copies first among equals, then IR order), within bodies too, what it
// reports, and -O0.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compile.h"
#include "compile_ok.h"

using namespace graphc;
using graphc::test::compile_ok;
using graphc::test::created;

namespace {

// A kernel `tick` declared first and on its own; a copy feeding a chain of two kernels.
const std::string kFeed = R"(graph g {
    buffer h : f32[64] host;
    buffer d : f32[64] device;
    kernel tick : t<<<1, 1>>>();
    copy upload : d <- h;
    kernel k1 : f<<<1, 64>>>(d);
    kernel k2 : f<<<1, 64>>>(d);
    upload -> k1 -> k2;
}
)";

}  // namespace

TEST_CASE("opt: a copy that feeds a chain is created before an independent kernel declared first", "[opt][order]") {
  const auto c = compile_ok(kFeed);
  CHECK(created(c->module.graphs[0]) == std::vector<std::string>{"upload", "k1", "tick", "k2"});
  REQUIRE(c->reorders.size() == 1);
  const opt::Reorder& r = c->reorders[0];
  CHECK(r.graph == "g");
  CHECK(r.first == "upload");
  CHECK(r.first_path == 3);
  CHECK(r.before == "tick");
  CHECK(r.before_path == 1);
  CHECK(r.moved == 3);
}

TEST_CASE("opt: -O0 creates nodes in declaration order", "[opt][order]") {
  const auto c = compile_ok(kFeed, CompileOptions{.optimize = false});
  CHECK(created(c->module.graphs[0]) == std::vector<std::string>{"tick", "upload", "k1", "k2"});
  CHECK(c->reorders.empty());
  CHECK(c->module.graphs[0].creation_rank.empty());
}

TEST_CASE("opt: at equal paths a copy goes first, then declaration order", "[opt][order]") {
  const auto c = compile_ok(R"(graph g {
    buffer h : f32[64] host;
    buffer d : f32[64] device;
    kernel a : f<<<1, 64>>>(d);
    kernel b : f<<<1, 64>>>(d);
    copy back : h <- d;
    empty start;
    start -> {a, b, back};
}
)");
  CHECK(created(c->module.graphs[0]) == std::vector<std::string>{"start", "back", "a", "b"});
}

TEST_CASE("opt: an order already longest path first is left as declared", "[opt][order]") {
  const auto c = compile_ok("graph g { empty a; empty b; empty c; empty d; a -> b -> c; a -> d; }\n");
  CHECK(created(c->module.graphs[0]) == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(c->reorders.empty());
}

TEST_CASE("opt: a body graph's nodes are ordered by the paths within it", "[opt][order]") {
  const auto c = compile_ok(R"(graph g {
    cond go = 1;
    while loop (go) {
        empty alone;
        empty x;
        empty y;
        x -> y;
    }
}
)");
  const ir::Graph& g = c->module.graphs[0];
  CHECK(created(g, ir::BodyId{0}) == std::vector<std::string>{"x", "alone", "y"});
  REQUIRE(c->reorders.size() == 1);
  CHECK(c->reorders[0].first == "x");
}

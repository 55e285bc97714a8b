// opt::join_roots: which graphs get a synthetic root or sink (kMinJoined roots or leaves,
// the graph itself and not its bodies), how the nodes look to the back ends (a no-op
// kernel, created first or last, with default edges), their names, and -O0.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "backend/text/emit_text.h"
#include "compile.h"
#include "compile_ok.h"
#include "ir/creation_order.h"

using namespace graphc;
using graphc::test::compile_ok;
using graphc::test::created;

namespace {

// `count` independent empty nodes n0, n1, ...
std::string independent(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += fmt::format("empty n{}; ", i);
  return text;
}

// Each join as "root graphc_root 4" / "sink graphc_sink 4".
std::vector<std::string> joins(const Compilation& c) {
  std::vector<std::string> out;
  for (const opt::JoinNode& j : c.joins) {
    out.push_back(fmt::format("{} {} {}", j.sink ? "sink" : "root", j.node, j.joined));
  }
  return out;
}

}  // namespace

TEST_CASE("opt: three roots and three leaves are left as they are", "[opt][join]") {
  const auto c = compile_ok("graph g { " + independent(3) + "}\n");
  CHECK(c->joins.empty());
  CHECK(c->module.graphs[0].nodes.size() == 3);
}

TEST_CASE("opt: four independent nodes get a no-op kernel root and sink", "[opt][join]") {
  const auto c = compile_ok("graph g { " + independent(4) + "}\n");
  CHECK(joins(*c) == std::vector<std::string>{"root graphc_root 4", "sink graphc_sink 4"});
  const ir::Graph& g = c->module.graphs[0];
  REQUIRE(g.nodes.size() == 6);
  for (const std::size_t i : {4, 5}) {
    const ir::Node& node = g.nodes[i];
    CHECK(node.synthetic);
    const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    REQUIRE(kernel != nullptr);
    CHECK(kernel->function == ir::kNoopKernel);
    CHECK(kernel->grid_dims == std::array<std::uint32_t, 3>{1, 1, 1});
    CHECK(kernel->block_dims == std::array<std::uint32_t, 3>{1, 1, 1});
    CHECK(kernel->args.empty());
    CHECK(node.range == g.name_range);  // a CUDA failure at the node points at the graph
  }
  CHECK(g.edges.size() == 8);
  for (const ir::Edge& e : g.edges) CHECK(e.port == ir::EdgePort::default_);
  // The root waits for nothing and every node waits for it; the sink waits for every node.
  const ir::CreationOrder creation(g);
  CHECK(creation.dependencies(ir::NodeId{4}).empty());
  for (std::uint32_t i = 0; i < 4; ++i) {
    REQUIRE(creation.dependencies(ir::NodeId{i}).size() == 1);
    CHECK(creation.dependencies(ir::NodeId{i})[0].from.value == 4);
  }
  CHECK(creation.dependencies(ir::NodeId{5}).size() == 4);
  CHECK(created(g) == std::vector<std::string>{"graphc_root", "n0", "n1", "n2", "n3", "graphc_sink"});
}

TEST_CASE("opt: a fan-in gets only a root and a fan-out only a sink", "[opt][join]") {
  const auto fan_in = compile_ok("graph g { " + independent(4) + "empty end; {n0, n1, n2, n3} -> end; }\n");
  CHECK(joins(*fan_in) == std::vector<std::string>{"root graphc_root 4"});
  const auto fan_out = compile_ok("graph g { " + independent(4) + "empty start; start -> {n0, n1, n2, n3}; }\n");
  CHECK(joins(*fan_out) == std::vector<std::string>{"sink graphc_sink 4"});
}

TEST_CASE("opt: any edge port makes a node no root or leaf", "[opt][join]") {
  // Four kernels, two pairs joined by port edges: two roots and two leaves.
  const std::string kernels = "kernel a : f<<<1, 1>>>(); kernel b : f<<<1, 1>>>(); kernel c : f<<<1, 1>>>(); "
                              "kernel d : f<<<1, 1>>>();";
  CHECK(compile_ok("graph g { " + kernels + " a ->[programmatic] b; c ->[launch_completion] d; }\n")->joins.empty());
}

TEST_CASE("opt: a body graph's roots are left as they are and the conditional node counts once", "[opt][join]") {
  const auto body = compile_ok("graph g { cond go = 1; if check (go) { " + independent(6) + "} }\n");
  CHECK(body->joins.empty());
  const auto beside = compile_ok("graph g { cond go = 1; if check (go) { empty x; } " + independent(3) + "}\n");
  CHECK(joins(*beside) == std::vector<std::string>{"root graphc_root 4", "sink graphc_sink 4"});
  for (const ir::Edge& e : beside->module.graphs[0].edges) CHECK(!e.body.valid());
}

TEST_CASE("opt: a synthetic node takes a name nothing in the graph has", "[opt][join]") {
  const auto c = compile_ok("graph g { buffer graphc_sink : f32[4] device; " + independent(3) +
                            "empty graphc_root; empty graphc_root_2; graphc_root -> graphc_root_2; }\n");
  CHECK(joins(*c) == std::vector<std::string>{"root graphc_root_3 4", "sink graphc_sink_2 4"});
}

TEST_CASE("opt: every graph of the module is joined on its own", "[opt][join]") {
  const auto c = compile_ok("graph a { " + independent(4) + "}\ngraph b { " + independent(2) + "}\n");
  REQUIRE(c->joins.size() == 2);
  CHECK(c->joins[0].graph == "a");
  CHECK(c->module.graphs[1].nodes.size() == 2);
}

TEST_CASE("opt: a called graph is not joined, and its caller counts the roots and leaves it brings", "[opt][join]") {
  // CUDA runs `layer` as part of `g`: a launch of `g` starts from layer's four roots.
  const std::string layer = "graph layer { " + independent(4) + "}\n";
  const auto chain = compile_ok(layer + "graph g { call a : layer; call b : layer; a -> b; }\n");
  CHECK(joins(*chain) == std::vector<std::string>{"root graphc_root 4", "sink graphc_sink 4"});
  CHECK(chain->joins[0].graph == "g");
  CHECK(chain->module.graphs[0].nodes.size() == 4);  // layer keeps its nodes
  // The root precedes g's own root, the call a; the sink follows b.
  CHECK(created(chain->module.graphs[1]) == std::vector<std::string>{"graphc_root", "a", "b", "graphc_sink"});

  // Through two levels of calls, and beside a node of the caller's own.
  const auto nested = compile_ok(layer + "graph mid { call l : layer; }\ngraph top { call m : mid; empty e; }\n");
  CHECK(joins(*nested) == std::vector<std::string>{"root graphc_root 5", "sink graphc_sink 5"});
  CHECK(nested->joins[0].graph == "top");

  // Two roots brought by a call and one of the caller's own: three, not joined.
  const auto few = compile_ok("graph two { " + independent(2) + "}\ngraph g { call t : two; empty e; }\n");
  CHECK(few->joins.empty());
}

TEST_CASE("opt: -O0 adds no node", "[opt][join]") {
  const auto c = compile_ok("graph g { " + independent(8) + "}\n", CompileOptions{.optimize = false});
  CHECK(c->joins.empty());
  CHECK(c->module.graphs[0].nodes.size() == 8);
}

TEST_CASE("opt: the text form leaves the synthetic nodes and their edges out", "[opt][join]") {
  const std::string text = "graph g { " + independent(5) + "n0 -> n1; }\n";
  const auto optimised = compile_ok(text);
  REQUIRE(!optimised->joins.empty());
  CHECK(backend::emit_text(optimised->module, FileId{0}) ==
        backend::emit_text(compile_ok(text, CompileOptions{.optimize = false})->module, FileId{0}));
}

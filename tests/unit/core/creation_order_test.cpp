#include <catch2/catch.hpp>

#include <stdexcept>

#include "ir/creation_order.h"

using namespace graphc;
using namespace graphc::ir;

namespace {

ir::Graph graph_of(int nodes, std::initializer_list<std::pair<std::uint32_t, std::uint32_t>> edges,
                   ir::EdgePort port = ir::EdgePort::default_) {
  ir::Graph graph;
  graph.name = std::string("g");  // not from a literal: GCC 12 -Wrestrict false positive
  constexpr const char* names[] = {"a", "b", "c", "d"};
  for (int i = 0; i < nodes; ++i) {
    ir::Node& node = graph.nodes.emplace_back();
    node.name = names[i];
    node.op = ir::EmptyNode{};
  }
  for (const auto& [from, to] : edges) {
    ir::Edge edge;
    edge.from_id = ir::NodeId{from};
    edge.to_id = ir::NodeId{to};
    edge.port = port;
    graph.edges.push_back(edge);
  }
  return graph;
}

std::vector<std::uint32_t> order_of(const ir::Graph& graph) {
  std::vector<std::uint32_t> order;
  const CreationOrder creation(graph);
  for (const ir::NodeId id : creation.nodes()) order.push_back(id.value);
  return order;
}

}  // namespace

TEST_CASE("nodes are created after their dependencies, in IR order when possible", "[ir]") {
  // IR order already respects the edges: it is kept.
  CHECK(order_of(graph_of(4, {{0, 1}, {1, 2}, {2, 3}})) == std::vector<std::uint32_t>{0, 1, 2, 3});
  // a (0) is declared first but waits for everything; b (1) and c (2) keep IR order.
  CHECK(order_of(graph_of(4, {{1, 0}, {2, 0}, {3, 1}, {3, 2}})) == std::vector<std::uint32_t>{3, 1, 2, 0});
  // Independent nodes stay in IR order; a later ready node does not jump ahead of an earlier one.
  CHECK(order_of(graph_of(4, {{2, 0}})) == std::vector<std::uint32_t>{1, 2, 0, 3});
}

TEST_CASE("each predecessor is one dependency, in edge order, with its first port", "[ir]") {
  ir::Graph graph = graph_of(3, {{1, 2}, {0, 2}, {1, 2}});
  graph.edges[0].port = ir::EdgePort::programmatic;
  const CreationOrder creation(graph);
  const auto deps = creation.dependencies(ir::NodeId{2});
  REQUIRE(deps.size() == 2);
  CHECK(deps[0].from == ir::NodeId{1});
  CHECK(deps[0].port == ir::EdgePort::programmatic);
  CHECK(deps[1].from == ir::NodeId{0});
  CHECK(deps[1].port == ir::EdgePort::default_);
  CHECK(creation.dependencies(ir::NodeId{0}).empty());
}

TEST_CASE("each body is ordered on its own, a conditional node comes in its enclosing graph's order", "[ir]") {
  // a (0) -> c (2) in the graph; c is a conditional node whose body holds b (1) and d (3),
  // d -> b. The graph's order is a, c; the body's d, b.
  ir::Graph graph = graph_of(4, {{0, 2}, {3, 1}});
  graph.bodies.push_back(ir::Body{ir::NodeId{2}, 0, ir::BodyId{}, {}});
  graph.nodes[1].body = graph.nodes[3].body = ir::BodyId{0};
  graph.edges[1].body = ir::BodyId{0};
  const CreationOrder creation(graph);
  std::vector<std::uint32_t> top, body, all;
  for (const ir::NodeId id : creation.nodes()) top.push_back(id.value);
  for (const ir::NodeId id : creation.nodes(ir::BodyId{0})) body.push_back(id.value);
  for (const ir::NodeId id : creation.all()) all.push_back(id.value);
  CHECK(top == std::vector<std::uint32_t>{0, 2});
  CHECK(body == std::vector<std::uint32_t>{3, 1});
  CHECK(all == std::vector<std::uint32_t>{0, 2, 3, 1});
}

TEST_CASE("a cycle is a logic error (the validator rejects cycles)", "[ir]") {
  const ir::Graph graph = graph_of(3, {{0, 1}, {1, 2}, {2, 1}});
  CHECK_THROWS_AS(CreationOrder(graph), std::logic_error);
}

TEST_CASE("an edge between two body graphs is a logic error (the validator rejects it)", "[ir]") {
  ir::Graph graph = graph_of(3, {{1, 2}});
  graph.bodies.push_back(ir::Body{ir::NodeId{0}, 0, ir::BodyId{}, {}});
  graph.nodes[2].body = ir::BodyId{0};
  CHECK_THROWS_AS(CreationOrder(graph), std::logic_error);
}

TEST_CASE("an alloc declared after its uses is still created before them", "[ir]") {
  // kernel (0) and free (1) come first in the source; the alloc (2) is ordered before both.
  ir::Graph graph = graph_of(3, {{2, 0}, {0, 1}});
  graph.nodes[1].op = ir::FreeNode{};
  graph.nodes[2].op = ir::AllocNode{ir::BufferId{0}};
  CHECK(order_of(graph) == std::vector<std::uint32_t>{2, 0, 1});
}

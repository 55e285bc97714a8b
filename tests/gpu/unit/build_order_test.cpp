#include <catch2/catch.hpp>

#include "build_graph.h"

namespace graphc::detail {
namespace {

ir::Graph graph_with(std::size_t nodes, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges) {
  ir::Graph graph;
  for (std::size_t i = 0; i < nodes; ++i) graph.nodes.push_back(ir::Node{"n" + std::to_string(i), {}, {}, ir::EmptyNode{}});
  for (const auto& [from, to] : edges) {
    ir::Edge edge;
    edge.from_id = ir::NodeId{from};
    edge.to_id = ir::NodeId{to};
    graph.edges.push_back(edge);
  }
  return graph;
}

std::vector<std::uint32_t> order_of(const ir::Graph& graph) {
  std::vector<std::uint32_t> out;
  for (const ir::NodeId id : build_order(graph)) out.push_back(id.value);
  return out;
}

TEST_CASE("build_order puts every edge's source first, declared order among ready nodes", "[runtime]") {
  CHECK(order_of(graph_with(3, {})) == std::vector<std::uint32_t>{0, 1, 2});
  // 0 <- 2 <- 1: node 1 must come first although declared after 0.
  CHECK(order_of(graph_with(3, {{1, 2}, {2, 0}})) == std::vector<std::uint32_t>{1, 2, 0});
  // Diamond declared backwards: 3 -> {2, 1} -> 0.
  CHECK(order_of(graph_with(4, {{3, 2}, {3, 1}, {2, 0}, {1, 0}})) == std::vector<std::uint32_t>{3, 1, 2, 0});
  // A duplicate edge counts once.
  CHECK(order_of(graph_with(2, {{1, 0}, {1, 0}})) == std::vector<std::uint32_t>{1, 0});
}

TEST_CASE("edge_data maps ports to CUDA's edge data", "[runtime]") {
  const cudaGraphEdgeData plain = edge_data(ir::EdgePort::default_);
  CHECK(plain.from_port == 0);
  CHECK(plain.to_port == 0);
  CHECK(plain.type == cudaGraphDependencyTypeDefault);
  const cudaGraphEdgeData programmatic = edge_data(ir::EdgePort::programmatic);
  CHECK(programmatic.from_port == cudaGraphKernelNodePortProgrammatic);
  CHECK(programmatic.type == cudaGraphDependencyTypeProgrammatic);
  const cudaGraphEdgeData completion = edge_data(ir::EdgePort::launch_completion);
  CHECK(completion.from_port == cudaGraphKernelNodePortLaunchCompletion);
  CHECK(completion.type == cudaGraphDependencyTypeProgrammatic);
}

}  // namespace
}  // namespace graphc::detail

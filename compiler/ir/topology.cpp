#include "ir/topology.h"

#include <fmt/format.h>

#include "ir/creation_order.h"

namespace graphc::ir {
namespace {

bool same_dependencies(std::span<const Dependency> x, std::span<const Dependency> y) {
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i].from != y[i].from || x[i].port != y[i].port) return false;
  }
  return true;
}

// The difference between node `x` of `a` and node `y` of `b`, without their dependencies.
std::string node_difference(const Module& a, const Node& x, const Module& b, const Node& y) {
  if (x.name != y.name) return fmt::format("node '{}' is now '{}'", x.name, y.name);
  if (x.op.index() != y.op.index()) {
    return fmt::format("node '{}' changed kind: {} -> {}", x.name, kind_name(x), kind_name(y));
  }
  if (x.body != y.body) return fmt::format("node '{}' moved to another body graph", x.name);
  if (const auto* cx = std::get_if<ConditionalNode>(&x.op)) {
    const auto& cy = std::get<ConditionalNode>(y.op);
    if (cx->type != cy.type || cx->bodies.size() != cy.bodies.size()) {
      return fmt::format("conditional node '{}' changed its type or bodies", x.name);
    }
  }
  if (const auto* callx = std::get_if<ChildGraphNode>(&x.op)) {
    const auto& cally = std::get<ChildGraphNode>(y.op);
    const std::string inner = topology_difference(a, callx->graph_id, b, cally.graph_id);
    if (!inner.empty()) return fmt::format("in the graph that call node '{}' calls: {}", x.name, inner);
  }
  return {};
}

}  // namespace

std::string topology_difference(const Module& a, GraphId ga, const Module& b, GraphId gb) {
  const Graph& x = a.graph(ga);
  const Graph& y = b.graph(gb);
  const std::size_t common = std::min(x.nodes.size(), y.nodes.size());
  for (std::size_t i = 0; i < common; ++i) {
    std::string difference = node_difference(a, x.nodes[i], b, y.nodes[i]);
    if (!difference.empty()) return difference;
  }
  if (x.nodes.size() < y.nodes.size()) return fmt::format("node '{}' is new", y.nodes[common].name);
  if (x.nodes.size() > y.nodes.size()) return fmt::format("node '{}' was removed", x.nodes[common].name);
  const CreationOrder dx(x);
  const CreationOrder dy(y);
  for (std::uint32_t i = 0; i < x.nodes.size(); ++i) {
    if (!same_dependencies(dx.dependencies(NodeId{i}), dy.dependencies(NodeId{i})))
      return fmt::format("the dependencies of node '{}' changed", x.nodes[i].name);
  }
  return {};
}

}  // namespace graphc::ir

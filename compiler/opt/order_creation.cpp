#include "opt/order_creation.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "ir/creation_order.h"

namespace graphc::opt {
namespace {

// The creation order of the graph and then of each body graph, as the back ends walk them.
std::vector<ir::NodeId> full_order(const ir::Graph& graph, const std::vector<std::vector<ir::Dependency>>& deps) {
  std::vector<ir::NodeId> order = ir::creation_order(graph, deps);
  for (std::uint32_t b = 0; b < graph.bodies.size(); ++b) {
    const std::vector<ir::NodeId> body = ir::creation_order(graph, deps, ir::BodyId{b});
    order.insert(order.end(), body.begin(), body.end());
  }
  return order;
}

void order(ir::Graph& graph, std::vector<Reorder>& out) {
  const std::vector<std::vector<ir::Dependency>> deps = ir::dependencies(graph);
  const std::vector<ir::NodeId> declared = full_order(graph, deps);
  // Longest path to a leaf, in nodes: every successor comes later in `declared` (edges stay
  // within one graph or body), so walking it backwards sees successors first.
  std::vector<std::vector<std::uint32_t>> successors(graph.nodes.size());
  for (std::uint32_t to = 0; to < graph.nodes.size(); ++to) {
    for (const ir::Dependency& d : deps[to]) successors[d.from.value].push_back(to);
  }
  std::vector<std::size_t> path(graph.nodes.size(), 1);
  for (auto it = declared.rbegin(); it != declared.rend(); ++it) {
    for (const std::uint32_t s : successors[it->value]) path[it->value] = std::max(path[it->value], path[s] + 1);
  }
  std::vector<std::uint32_t> by_priority(graph.nodes.size());
  std::iota(by_priority.begin(), by_priority.end(), 0U);
  const auto is_copy = [&](std::uint32_t n) { return std::holds_alternative<ir::CopyNode>(graph.nodes[n].op); };
  std::stable_sort(by_priority.begin(), by_priority.end(), [&](std::uint32_t a, std::uint32_t b) {
    if (path[a] != path[b]) return path[a] > path[b];
    return is_copy(a) && !is_copy(b);
  });
  graph.creation_rank.assign(graph.nodes.size(), 0);
  for (std::uint32_t r = 0; r < by_priority.size(); ++r) graph.creation_rank[by_priority[r]] = r;

  const std::vector<ir::NodeId> ranked = full_order(graph, deps);
  std::size_t moved = 0;
  std::size_t first = ranked.size();
  for (std::size_t k = 0; k < ranked.size(); ++k) {
    if (ranked[k] == declared[k]) continue;
    ++moved;
    first = std::min(first, k);
  }
  if (moved == 0) return;
  const ir::NodeId early = ranked[first];
  const ir::NodeId late = declared[first];
  out.push_back({graph.name, graph.name_range, graph.node(early).name, path[early.value], graph.node(late).name,
                 path[late.value], moved});
}

}  // namespace

std::vector<Reorder> order_creation(ir::Module& module) {
  std::vector<Reorder> out;
  for (ir::Graph& graph : module.graphs) order(graph, out);
  return out;
}

}  // namespace graphc::opt

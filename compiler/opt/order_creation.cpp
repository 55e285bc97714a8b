#include "opt/order_creation.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "ir/creation_order.h"

namespace graphc::opt {
namespace {

void order(ir::Graph& graph, std::vector<Reorder>& out) {
  const ir::CreationOrder declared_order(graph);
  const std::vector<ir::NodeId>& declared = declared_order.all();
  // Longest path to a leaf, in nodes: every successor comes later in `declared` (edges stay
  // within one graph or body), so walking it backwards, a node's path is final when the
  // walk reaches it and lengthens its predecessors' paths.
  std::vector<std::size_t> path(graph.nodes.size(), 1);
  for (auto it = declared.rbegin(); it != declared.rend(); ++it) {
    for (const ir::Dependency& d : declared_order.dependencies(*it)) {
      path[d.from.value] = std::max(path[d.from.value], path[it->value] + 1);
    }
  }
  std::vector<std::uint32_t> by_priority(graph.nodes.size());
  std::iota(by_priority.begin(), by_priority.end(), 0U);
  const auto is_copy = [&](std::uint32_t n) { return std::holds_alternative<ir::CopyNode>(graph.nodes[n].op); };
  const auto goes_first = [&](std::uint32_t a, std::uint32_t b) {
    if (path[a] != path[b]) return path[a] > path[b];
    return is_copy(a) && !is_copy(b);
  };
  // IR order is often the order already (a chain): a linear check spares the sort.
  if (!std::is_sorted(by_priority.begin(), by_priority.end(), goes_first)) {
    std::stable_sort(by_priority.begin(), by_priority.end(), goes_first);
  }
  graph.creation_rank.assign(graph.nodes.size(), 0);
  for (std::uint32_t r = 0; r < by_priority.size(); ++r) graph.creation_rank[by_priority[r]] = r;

  // Ranks in IR order give the declared order again (a chain, a fork-join): nothing moved.
  if (std::is_sorted(by_priority.begin(), by_priority.end())) return;
  const ir::CreationOrder ranked_order(graph);
  const std::vector<ir::NodeId>& ranked = ranked_order.all();
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

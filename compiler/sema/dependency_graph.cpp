#include "sema/dependency_graph.h"

#include <deque>

namespace graphc::sema {

DependencyGraph::DependencyGraph(const ir::Graph& graph)
    : successors_(graph.nodes.size()), predecessors_(graph.nodes.size()) {
  for (const ir::Edge& edge : graph.edges) {
    if (!edge.from_id.valid() || !edge.to_id.valid()) continue;
    successors_[edge.from_id.value].push_back(edge.to_id.value);
    predecessors_[edge.to_id.value].push_back(edge.from_id.value);
  }
}

std::vector<bool> DependencyGraph::reach(ir::NodeId start, const std::vector<std::vector<std::uint32_t>>& next) {
  std::vector<bool> seen(next.size(), false);
  std::deque<std::uint32_t> queue{start.value};
  seen[start.value] = true;
  while (!queue.empty()) {
    const std::uint32_t at = queue.front();
    queue.pop_front();
    for (const std::uint32_t n : next[at]) {
      if (seen[n]) continue;
      seen[n] = true;
      queue.push_back(n);
    }
  }
  return seen;
}

}  // namespace graphc::sema

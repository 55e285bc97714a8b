#include "sema/dependency_graph.h"

namespace graphc::sema {

DependencyGraph::DependencyGraph(const ir::Graph& graph) {
  const std::size_t count = graph.nodes.size();
  successors_.first.assign(count + 1, 0);
  predecessors_.first.assign(count + 1, 0);
  for (const ir::Edge& edge : graph.edges) {
    if (!edge.from_id.valid() || !edge.to_id.valid()) continue;
    ++successors_.first[edge.from_id.value + 1];
    ++predecessors_.first[edge.to_id.value + 1];
  }
  for (std::size_t n = 0; n < count; ++n) {
    successors_.first[n + 1] += successors_.first[n];
    predecessors_.first[n + 1] += predecessors_.first[n];
  }
  successors_.nodes.resize(successors_.first[count]);
  predecessors_.nodes.resize(predecessors_.first[count]);
  std::vector<std::uint32_t> next_successor(successors_.first.begin(), successors_.first.end() - 1);
  std::vector<std::uint32_t> next_predecessor(predecessors_.first.begin(), predecessors_.first.end() - 1);
  for (const ir::Edge& edge : graph.edges) {
    if (!edge.from_id.valid() || !edge.to_id.valid()) continue;
    successors_.nodes[next_successor[edge.from_id.value]++] = edge.to_id.value;
    predecessors_.nodes[next_predecessor[edge.to_id.value]++] = edge.from_id.value;
  }
}

std::vector<bool> DependencyGraph::reach(ir::NodeId start, const Adjacency& next) {
  std::vector<bool> seen(next.first.size() - 1, false);
  std::vector<std::uint32_t> stack{start.value};
  seen[start.value] = true;
  while (!stack.empty()) {
    const std::uint32_t at = stack.back();
    stack.pop_back();
    for (const std::uint32_t n : next.of(at)) {
      if (seen[n]) continue;
      seen[n] = true;
      stack.push_back(n);
    }
  }
  return seen;
}

}  // namespace graphc::sema

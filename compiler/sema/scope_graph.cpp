#include "sema/scope_graph.h"

namespace graphc::sema {
namespace {

bool in_scope(const ir::Edge& edge, ir::BodyId scope) {
  return edge.body == scope && edge.from_id.valid() && edge.to_id.valid();
}

}  // namespace

ScopeGraph::ScopeGraph(const ir::Graph& graph, ir::BodyId scope) : rank_(graph.nodes.size(), kUnranked) {
  const std::size_t n = graph.nodes.size();
  successors_.first.assign(n + 1, 0);
  predecessors_.first.assign(n + 1, 0);
  for (const ir::Edge& edge : graph.edges) {
    if (!in_scope(edge, scope)) continue;
    ++successors_.first[edge.from_id.value + 1];
    ++predecessors_.first[edge.to_id.value + 1];
  }
  for (std::size_t i = 0; i < n; ++i) {
    successors_.first[i + 1] += successors_.first[i];
    predecessors_.first[i + 1] += predecessors_.first[i];
  }
  successors_.nodes.resize(successors_.first.back());
  predecessors_.nodes.resize(predecessors_.first.back());
  std::vector<std::uint32_t> next_successor(successors_.first.begin(), successors_.first.end() - 1);
  std::vector<std::uint32_t> next_predecessor(predecessors_.first.begin(), predecessors_.first.end() - 1);
  for (const ir::Edge& edge : graph.edges) {
    if (!in_scope(edge, scope)) continue;
    successors_.nodes[next_successor[edge.from_id.value]++] = edge.to_id.value;
    predecessors_.nodes[next_predecessor[edge.to_id.value]++] = edge.from_id.value;
  }
  std::vector<std::uint32_t> indegree(n, 0);
  for (std::uint32_t v = 0; v < n; ++v) {
    if (graph.nodes[v].body != scope) continue;
    ++scope_nodes_;
    indegree[v] = static_cast<std::uint32_t>(predecessors(v).size());
    if (indegree[v] == 0) order_.push_back(v);
  }
  for (std::size_t i = 0; i < order_.size(); ++i) {
    rank_[order_[i]] = static_cast<std::uint32_t>(i);
    for (const std::uint32_t next : successors(order_[i])) {
      if (--indegree[next] == 0) order_.push_back(next);
    }
  }
}

}  // namespace graphc::sema

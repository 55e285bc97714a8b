#include "sema/ordered_accesses.h"

#include <algorithm>
#include <cstdint>
#include <span>

namespace graphc::sema {
namespace {

// How many predecessor visits all searches of a scope may take, per node and edge, before
// the exact analysis is left to decide.
constexpr std::size_t kWorkPerElement = 16;

class Searcher {
 public:
  Searcher(const ir::Graph& graph, ir::BodyId scope) : rank_(graph.nodes.size(), kUnranked) {
    const std::size_t n = graph.nodes.size();
    // Predecessors and successors over the scope's edges, flat.
    std::vector<std::uint32_t> out_count(n + 1, 0);
    first_pred_.assign(n + 1, 0);
    std::size_t scope_edges = 0;
    for (const ir::Edge& edge : graph.edges) {
      if (edge.body != scope || !edge.from_id.valid() || !edge.to_id.valid()) continue;
      ++first_pred_[edge.to_id.value + 1];
      ++out_count[edge.from_id.value + 1];
      ++scope_edges;
    }
    for (std::size_t i = 0; i < n; ++i) {
      first_pred_[i + 1] += first_pred_[i];
      out_count[i + 1] += out_count[i];
    }
    preds_.resize(scope_edges);
    std::vector<std::uint32_t> succs(scope_edges);
    std::vector<std::uint32_t> next_pred(first_pred_.begin(), first_pred_.end() - 1);
    std::vector<std::uint32_t> next_succ(out_count.begin(), out_count.end() - 1);
    std::vector<std::uint32_t> indegree(n, 0);
    std::size_t scope_nodes = 0;
    for (const ir::Edge& edge : graph.edges) {
      if (edge.body != scope || !edge.from_id.valid() || !edge.to_id.valid()) continue;
      preds_[next_pred[edge.to_id.value]++] = edge.from_id.value;
      succs[next_succ[edge.from_id.value]++] = edge.to_id.value;
      ++indegree[edge.to_id.value];
    }
    // Kahn's order gives each scope node its rank: every path goes to higher ranks.
    std::vector<std::uint32_t> order;
    for (std::uint32_t v = 0; v < n; ++v) {
      if (graph.nodes[v].body != scope) continue;
      ++scope_nodes;
      if (indegree[v] == 0) order.push_back(v);
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
      rank_[order[i]] = static_cast<std::uint32_t>(i);
      for (std::uint32_t s = out_count[order[i]]; s < out_count[order[i] + 1]; ++s) {
        if (--indegree[succs[s]] == 0) order.push_back(succs[s]);
      }
    }
    budget_ = kWorkPerElement * (scope_nodes + scope_edges) + 64;
    seen_.assign(n, 0);
  }

  std::uint32_t rank(std::size_t node) const { return rank_[node]; }

  bool ranked(std::size_t node) const { return rank_[node] != kUnranked; }

  /// Whether every node of `targets` has a path to `node`; false too once the budget is spent.
  bool all_reach(std::uint32_t node, std::span<const std::uint32_t> targets) {
    if (targets.empty()) return true;
    std::uint32_t lowest = rank_[node];
    for (const std::uint32_t t : targets) lowest = std::min(lowest, rank_[t]);
    ++stamp_;
    stack_.assign(1, node);
    seen_[node] = stamp_;
    while (!stack_.empty()) {
      const std::uint32_t v = stack_.back();
      stack_.pop_back();
      for (std::uint32_t p = first_pred_[v]; p < first_pred_[v + 1]; ++p) {
        if (budget_ == 0) return false;
        --budget_;
        const std::uint32_t u = preds_[p];
        if (seen_[u] == stamp_ || rank_[u] < lowest) continue;
        seen_[u] = stamp_;
        stack_.push_back(u);
      }
    }
    return std::all_of(targets.begin(), targets.end(), [&](std::uint32_t t) { return seen_[t] == stamp_; });
  }

 private:
  static constexpr std::uint32_t kUnranked = UINT32_MAX;
  std::vector<std::uint32_t> rank_;
  std::vector<std::uint32_t> first_pred_;
  std::vector<std::uint32_t> preds_;
  std::vector<std::uint32_t> seen_;  // the stamp of the search that last reached each node
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> stack_;
  std::size_t budget_ = 0;
};

struct Touch {
  std::uint32_t rank;
  std::uint32_t node;
  bool writes;
};

}  // namespace

bool accesses_ordered(const ir::Graph& graph, ir::BodyId scope, const std::vector<std::size_t>& accessors,
                      const std::vector<std::vector<MemoryAccess>>& accesses) {
  Searcher searcher(graph, scope);
  // Per root buffer, its accessors (once each, writing if any access writes).
  std::vector<std::vector<Touch>> by_root(graph.buffers.size());
  for (std::size_t c = 0; c < accessors.size(); ++c) {
    const auto node = static_cast<std::uint32_t>(accessors[c]);
    if (!searcher.ranked(node)) return false;  // on a cycle, which the structure check reports
    for (const MemoryAccess& access : accesses[c]) {
      std::vector<Touch>& touches = by_root.at(access.extent.root.value);
      if (touches.empty() || touches.back().node != node) touches.push_back({searcher.rank(node), node, false});
      touches.back().writes = touches.back().writes || writes(access.access);
    }
  }
  std::vector<std::uint32_t> since_write;  // the last writer, then the readers after it
  for (std::vector<Touch>& touches : by_root) {
    std::sort(touches.begin(), touches.end(), [](const Touch& a, const Touch& b) { return a.rank < b.rank; });
    since_write.clear();
    bool writer = false;  // whether since_write starts with a writer
    for (const Touch& t : touches) {
      if (t.writes) {
        if (!searcher.all_reach(t.node, since_write)) return false;
        since_write.assign(1, t.node);
        writer = true;
      } else {
        if (writer && !searcher.all_reach(t.node, std::span<const std::uint32_t>(since_write).first(1))) return false;
        since_write.push_back(t.node);
      }
    }
  }
  return true;
}

}  // namespace graphc::sema

#include "sema/ordered_accesses.h"

#include <algorithm>
#include <cstdint>
#include <span>

namespace graphc::sema {
namespace {

// How many predecessor visits all searches of a scope may take, per node and edge, before
// the exact analysis is left to decide.
constexpr std::size_t kWorkPerElement = 16;

// Backward searches for paths over a scope's edges, within one shared budget.
class Searcher {
 public:
  explicit Searcher(const ScopeGraph& scope, std::size_t graph_nodes)
      : scope_(scope), seen_(graph_nodes, 0), budget_(kWorkPerElement * (scope.nodes() + scope.edges()) + 64) {}

  /// Whether every node of `targets` has a path to `node`; false too once the budget is spent.
  bool all_reach(std::uint32_t node, std::span<const std::uint32_t> targets) {
    if (targets.empty()) return true;
    std::uint32_t lowest = scope_.rank(node);
    for (const std::uint32_t t : targets) lowest = std::min(lowest, scope_.rank(t));
    ++stamp_;
    stack_.assign(1, node);
    seen_[node] = stamp_;
    while (!stack_.empty()) {
      const std::uint32_t v = stack_.back();
      stack_.pop_back();
      for (const std::uint32_t u : scope_.predecessors(v)) {
        if (budget_ == 0) return false;
        --budget_;
        if (seen_[u] == stamp_ || scope_.rank(u) < lowest) continue;
        seen_[u] = stamp_;
        stack_.push_back(u);
      }
    }
    return std::all_of(targets.begin(), targets.end(), [&](std::uint32_t t) { return seen_[t] == stamp_; });
  }

 private:
  const ScopeGraph& scope_;
  std::vector<std::uint32_t> seen_;  // the stamp of the search that last reached each node
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> stack_;
  std::size_t budget_;
};

struct Touch {
  std::uint32_t rank;
  std::uint32_t node;
  bool writes;
};

}  // namespace

bool accesses_ordered(const ir::Graph& graph, const ScopeGraph& scope, const std::vector<std::size_t>& accessors,
                      const std::vector<std::vector<MemoryAccess>>& accesses) {
  Searcher searcher(scope, graph.nodes.size());
  // Per root buffer, its accessors (once each, writing if any access writes).
  std::vector<std::vector<Touch>> by_root(graph.buffers.size());
  for (std::size_t c = 0; c < accessors.size(); ++c) {
    const auto node = static_cast<std::uint32_t>(accessors[c]);
    if (scope.rank(node) == ScopeGraph::kUnranked) return false;  // on a cycle, which the structure check reports
    for (const MemoryAccess& access : accesses[c]) {
      std::vector<Touch>& touches = by_root.at(access.extent.root.value);
      if (touches.empty() || touches.back().node != node) touches.push_back({scope.rank(node), node, false});
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

#include "opt/reduce_edges.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>

#include "ir/creation_order.h"

namespace graphc::opt {
namespace {

// Reachability is computed for the targets in blocks of this many at a time, so memory
// stays nodes x kBlock bits (32 MiB at the 65 536-node limit).
constexpr std::size_t kBlock = 4096;
constexpr std::size_t kWord = 64;

class Reducer {
 public:
  // The successors over default-port edges, flat (CSR: each node's from first_[node] on).
  explicit Reducer(ir::Graph& graph) : graph_(graph), first_(graph.nodes.size() + 1, 0) {
    for (const ir::Edge& edge : graph_.edges) {
      if (edge.port == ir::EdgePort::default_) ++first_[edge.from_id.value + 1];
    }
    for (std::size_t n = 0; n < graph_.nodes.size(); ++n) first_[n + 1] += first_[n];
    successors_.resize(first_.back());
    std::vector<std::uint32_t> next(first_.begin(), first_.end() - 1);
    for (std::uint32_t e = 0; e < graph_.edges.size(); ++e) {
      const ir::Edge& edge = graph_.edges[e];
      if (edge.port == ir::EdgePort::default_) successors_[next[edge.from_id.value]++] = {edge.to_id.value, e};
    }
  }

  std::vector<ImpliedEdge> run() {
    // An edge u -> v is implied by another path from u to v, which leaves u by another edge
    // and enters v by another: only an edge from a node of two or more successors to a node
    // of two or more predecessors can be. Reachability is computed to such targets alone:
    // none in a chain, a fork-join or parallel chains, which need no order either.
    std::vector<std::uint32_t> predecessors(graph_.nodes.size(), 0);
    for (const Successor& s : successors_) ++predecessors[s.node];
    std::vector<bool> is_target(graph_.nodes.size(), false);
    bool any = false;
    for (std::uint32_t u = 0; u < graph_.nodes.size(); ++u) {
      if (successors_of(u).size() < 2) continue;
      for (const Successor& s : successors_of(u)) {
        const bool target = predecessors[s.node] >= 2;
        is_target[s.node] = is_target[s.node] || target;
        any = any || target;
      }
    }
    if (!any) return {};
    topological_order();
    std::vector<bool> implied(graph_.edges.size(), false);
    std::vector<std::vector<std::string>> paths(graph_.edges.size());
    column_.assign(graph_.nodes.size(), kNoColumn);
    std::size_t count = 0;
    for (const std::uint32_t v : order_) {
      if (is_target[v]) column_[v] = count++;
    }
    for (std::size_t first = 0; first < count; first += kBlock) {
      const std::size_t width = std::min(kBlock, count - first);
      words_ = (width + kWord - 1) / kWord;
      reach_.assign(order_.size() * words_, 0);
      std::vector<std::uint64_t> longer(words_);  // targets of paths of two or more edges from `u`
      for (std::size_t k = order_.size(); k-- > 0;) {
        const std::uint32_t u = order_[k];
        std::fill(longer.begin(), longer.end(), 0);
        for (const Successor& s : successors_of(u)) {
          const std::uint64_t* from = row(s.node);
          for (std::size_t w = 0; w < words_; ++w) longer[w] |= from[w];
        }
        std::uint64_t* into = row(u);
        std::copy(longer.begin(), longer.end(), into);
        for (const Successor& s : successors_of(u)) {
          const std::size_t c = column_[s.node];
          if (c == kNoColumn || c < first || c >= first + width) continue;
          const std::size_t bit = c - first;
          if ((longer[bit / kWord] >> (bit % kWord)) & 1U) {
            implied[s.edge] = true;
            paths[s.edge] = path(u, s.node, first);
          }
          into[bit / kWord] |= std::uint64_t{1} << (bit % kWord);
        }
      }
    }
    // The edges kept move down in place.
    std::vector<ImpliedEdge> out;
    std::size_t kept = 0;
    for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
      if (implied[e]) {
        out.push_back({graph_.name, std::move(graph_.edges[e]), std::move(paths[e])});
      } else {
        if (kept != e) graph_.edges[kept] = std::move(graph_.edges[e]);
        ++kept;
      }
    }
    graph_.edges.erase(graph_.edges.begin() + static_cast<std::ptrdiff_t>(kept), graph_.edges.end());
    return out;
  }

 private:
  struct Successor {
    std::uint32_t node;
    std::uint32_t edge;
  };

  // A topological order of every node over every edge (any port): the back ends' creation
  // order of the graph and of each body graph (edges stay within one). position_[node] is
  // the node's place.
  void topological_order() {
    const ir::CreationOrder creation(graph_);
    for (const ir::NodeId id : creation.all()) order_.push_back(id.value);
    position_.assign(graph_.nodes.size(), 0);
    for (std::size_t k = 0; k < order_.size(); ++k) position_[order_[k]] = k;
  }

  std::span<const Successor> successors_of(std::uint32_t node) const {
    return std::span<const Successor>(successors_).subspan(first_[node], first_[node + 1] - first_[node]);
  }

  std::uint64_t* row(std::uint32_t node) { return &reach_[position_[node] * words_]; }
  const std::uint64_t* row(std::uint32_t node) const { return &reach_[position_[node] * words_]; }

  // Whether `from` reaches `target`, a target of the block from column `first` on.
  bool reaches(std::uint32_t from, std::uint32_t target, std::size_t first) const {
    const std::size_t bit = column_[target] - first;
    return (row(from)[bit / kWord] >> (bit % kWord)) & 1U;
  }

  // A path of default-port edges from u to v other than the edge u -> v, by names. Every
  // node after u already has its reachability row (reverse topological order).
  std::vector<std::string> path(std::uint32_t u, std::uint32_t v, std::size_t first) const {
    std::vector<std::string> names{graph_.nodes[u].name};
    for (std::uint32_t at = u; at != v;) {
      const std::span<const Successor> out = successors_of(at);
      const auto next = std::find_if(out.begin(), out.end(), [&](const Successor& s) {
        return s.node == v ? at != u : reaches(s.node, v, first);
      });
      if (next == out.end()) throw std::logic_error("opt: an implied edge has no other path");
      at = next->node;
      names.push_back(graph_.nodes[at].name);
    }
    return names;
  }

  ir::Graph& graph_;
  std::vector<std::uint32_t> first_;  // per node, and one past the last: where its successors start
  std::vector<Successor> successors_;
  std::vector<std::uint32_t> order_;
  std::vector<std::size_t> position_;
  static constexpr std::size_t kNoColumn = SIZE_MAX;
  std::vector<std::size_t> column_;   // per node: its column among the targets, or kNoColumn
  std::vector<std::uint64_t> reach_;  // per node (by position), the targets of the block it reaches
  std::size_t words_ = 0;
};

}  // namespace

std::vector<ImpliedEdge> reduce_edges(ir::Module& module) {
  std::vector<ImpliedEdge> out;
  for (ir::Graph& graph : module.graphs) {
    std::vector<ImpliedEdge> implied = Reducer(graph).run();
    out.insert(out.end(), std::make_move_iterator(implied.begin()), std::make_move_iterator(implied.end()));
  }
  return out;
}

}  // namespace graphc::opt

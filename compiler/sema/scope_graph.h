// The edges of one scope (a graph, or one body of a conditional node) over node indices,
// for the race analysis (check_races.cpp, ordered_accesses.h): each node's successors and
// predecessors in flat tables, and a topological order of the scope's nodes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/graph.h"

namespace graphc::sema {

class ScopeGraph {
 public:
  static constexpr std::uint32_t kUnranked = UINT32_MAX;

  /// From the resolved edges of `scope`; O(nodes + edges).
  ScopeGraph(const ir::Graph& graph, ir::BodyId scope);

  std::span<const std::uint32_t> successors(std::uint32_t node) const { return successors_.of(node); }
  std::span<const std::uint32_t> predecessors(std::uint32_t node) const { return predecessors_.of(node); }
  /// The scope's nodes in topological order (Kahn's), without those on a cycle.
  const std::vector<std::uint32_t>& order() const { return order_; }
  /// Per node of the graph: its place in order(); kUnranked outside the scope or on a cycle.
  std::uint32_t rank(std::uint32_t node) const { return rank_[node]; }
  std::size_t nodes() const { return scope_nodes_; }
  std::size_t edges() const { return successors_.nodes.size(); }

 private:
  struct Adjacency {
    std::vector<std::uint32_t> first;  // node n's neighbours are [first[n], first[n + 1]) of `nodes`
    std::vector<std::uint32_t> nodes;
    std::span<const std::uint32_t> of(std::uint32_t n) const {
      return {nodes.data() + first[n], first[n + 1] - first[n]};
    }
  };

  Adjacency successors_;
  Adjacency predecessors_;
  std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> rank_;
  std::size_t scope_nodes_ = 0;
};

}  // namespace graphc::sema

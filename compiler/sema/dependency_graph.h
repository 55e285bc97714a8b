// The dependency graph of one graph's resolved edges, for the rules that ask which nodes
// run before or after which (memory node ordering, event ordering, who sets a handle).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/graph.h"

namespace graphc::sema {

class DependencyGraph {
 public:
  /// From the edges whose ends are both resolved; unresolved edges are left out.
  /// O(nodes + edges), in flat tables.
  explicit DependencyGraph(const ir::Graph& graph);

  /// Per node: whether it is `start` or runs after it along edges.
  std::vector<bool> downstream(ir::NodeId start) const { return reach(start, successors_); }
  /// Per node: whether it is `start` or runs before it along edges.
  std::vector<bool> upstream(ir::NodeId start) const { return reach(start, predecessors_); }

 private:
  /// Each node's neighbours on one side: node n's are [first[n], first[n + 1]) of `nodes`.
  struct Adjacency {
    std::vector<std::uint32_t> first;
    std::vector<std::uint32_t> nodes;
    std::span<const std::uint32_t> of(std::uint32_t n) const {
      return {nodes.data() + first[n], first[n + 1] - first[n]};
    }
  };

  static std::vector<bool> reach(ir::NodeId start, const Adjacency& next);

  Adjacency successors_;
  Adjacency predecessors_;
};

}  // namespace graphc::sema

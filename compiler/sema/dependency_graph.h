// The dependency graph of one graph's resolved edges, for the rules that ask which nodes
// run before or after which (memory node ordering, event ordering, who sets a handle).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/graph.h"

namespace graphc::sema {

class DependencyGraph {
 public:
  /// From the edges whose ends are both resolved; unresolved edges are left out.
  explicit DependencyGraph(const ir::Graph& graph);

  /// Per node: whether it is `start` or runs after it along edges.
  std::vector<bool> downstream(ir::NodeId start) const { return reach(start, successors_); }
  /// Per node: whether it is `start` or runs before it along edges.
  std::vector<bool> upstream(ir::NodeId start) const { return reach(start, predecessors_); }

 private:
  static std::vector<bool> reach(ir::NodeId start, const std::vector<std::vector<std::uint32_t>>& next);

  std::vector<std::vector<std::uint32_t>> successors_;
  std::vector<std::vector<std::uint32_t>> predecessors_;
};

}  // namespace graphc::sema

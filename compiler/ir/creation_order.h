// The order in which both back ends (the runtime and the generated C++) create a graph's
// nodes, and what each depends on: one order, so that they build the same CUDA graph.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/graph.h"

namespace graphc::ir {

/// One dependency of a node as CUDA gets it: the node it waits for, through which port.
struct Dependency {
  NodeId from;
  EdgePort port = EdgePort::default_;
};

/// A graph's dependencies and creation order, in flat tables: O(nodes + edges) to build,
/// with no allocation per node.
class CreationOrder {
 public:
  /// Throws std::logic_error on an unresolved edge, or on a cycle (the validator rejects
  /// both).
  explicit CreationOrder(const Graph& graph);

  /// The dependencies of `node`, in edge order. Each predecessor appears once, with its
  /// first edge's port: the validator warned about duplicate edges, and CUDA rejects
  /// duplicate dependencies.
  std::span<const Dependency> dependencies(NodeId node) const {
    return {dependencies_.data() + dependency_first_[node.value],
            dependency_first_[node.value + 1] - dependency_first_[node.value]};
  }

  /// The nodes of `body` (the graph itself when invalid), each once and after all of its
  /// dependencies; among the nodes ready at a step, the one of lowest Graph::creation_rank
  /// goes first, or without ranks the first in IR order, so that the order is stable (and
  /// is IR order whenever IR order already respects the edges and there are no ranks). A
  /// conditional node comes before the nodes of its bodies, which this lists per body.
  std::span<const NodeId> nodes(BodyId body = {}) const {
    const std::size_t group = body.valid() ? body.value + 1 : 0;
    return {order_.data() + group_first_[group], group_first_[group + 1] - group_first_[group]};
  }

  /// Every node: the graph's creation order, then each body's, as the back ends walk them.
  const std::vector<NodeId>& all() const { return order_; }

 private:
  std::vector<Dependency> dependencies_;
  std::vector<std::uint32_t> dependency_first_;  // node n's are [first[n], first[n + 1])
  std::vector<NodeId> order_;
  std::vector<std::uint32_t> group_first_;  // the graph's, then body b's at b + 1
};

}  // namespace graphc::ir

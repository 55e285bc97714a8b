// The order in which generated code creates a graph's nodes, and what each depends on.
#pragma once

#include <vector>

#include "ir/graph.h"

namespace graphc::backend {

/// One dependency of a node as CUDA gets it: the node it waits for, through which port.
struct Dependency {
  ir::NodeId from;
  ir::EdgePort port = ir::EdgePort::default_;
};

/// The dependencies of every node (indexed by NodeId), in edge order. Each predecessor
/// appears once, with its first edge's port: the validator warned about duplicate edges,
/// and CUDA rejects duplicate dependencies.
std::vector<std::vector<Dependency>> dependencies(const ir::Graph& graph);

/// Every node once, each after all of its dependencies; among the nodes ready at a step,
/// the first in IR order goes first, so the order is stable and is IR order whenever IR
/// order already respects the edges. Throws std::logic_error on a cycle (the validator
/// rejects cycles).
std::vector<ir::NodeId> creation_order(const ir::Graph& graph, const std::vector<std::vector<Dependency>>& deps);

}  // namespace graphc::backend

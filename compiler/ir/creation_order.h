// The order in which both back ends (the runtime and the generated C++) create a graph's
// nodes, and what each depends on: one order, so that they build the same CUDA graph.
#pragma once

#include <vector>

#include "ir/graph.h"

namespace graphc::ir {

/// One dependency of a node as CUDA gets it: the node it waits for, through which port.
struct Dependency {
  NodeId from;
  EdgePort port = EdgePort::default_;
};

/// The dependencies of every node (indexed by NodeId), in edge order. Each predecessor
/// appears once, with its first edge's port: the validator warned about duplicate edges,
/// and CUDA rejects duplicate dependencies. Throws std::logic_error on an unresolved edge.
std::vector<std::vector<Dependency>> dependencies(const Graph& graph);

/// The nodes of `body` (the graph itself when invalid), each once and after all of its
/// dependencies; among the nodes ready at a step, the one of lowest Graph::creation_rank
/// goes first, or without ranks the first in IR order, so that the order is stable (and is
/// IR order whenever IR order already respects the edges and there are no ranks). A
/// conditional node comes before the nodes of its bodies, which this lists per body.
/// Throws std::logic_error on a cycle (the validator rejects cycles).
std::vector<NodeId> creation_order(const Graph& graph, const std::vector<std::vector<Dependency>>& deps,
                                   BodyId body = {});

}  // namespace graphc::ir

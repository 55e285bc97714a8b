// Whether two graphs have the same topology as CUDA sees it, so that an executable graph
// of one can be updated with the other (cudaGraphExecUpdate) node for node.
#pragma once

#include <string>

#include "ir/graph.h"

namespace graphc::ir {

/// Empty when graph `ga` of `a` and graph `gb` of `b` have the same topology: the same
/// nodes in the same order (name, kind, body graph, conditional type and body count), the
/// same dependencies with the same edge ports, and, for each call node, a called graph of
/// the same topology. Otherwise the first difference, for a report ("node 'x' is new",
/// "the dependencies of node 'y' changed"). Both graphs are then created in the same order
/// (ir::creation_order), so CUDA pairs each node with the node of the same name. Needs
/// analyzed modules (resolved edges and calls).
std::string topology_difference(const Module& a, GraphId ga, const Module& b, GraphId gb);

}  // namespace graphc::ir

// Transitive reduction: the edges CUDA need not be given. An edge a -> c with a default
// port is implied when another path from a to c made only of default-port edges exists
// (a -> b -> c): CUDA's default dependencies are transitive (completion and memory
// visibility), so the graph runs the same without it, and CUDA instantiates and launches
// graphs with fewer edges faster. A programmatic or launch_completion edge is never
// removed, and never implies another (its target may start before its source completes).
#pragma once

#include <string>
#include <vector>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::opt {

/// One edge the reduction took out, for `graphc check --explain`.
struct ImpliedEdge {
  std::string graph;
  ir::Edge edge;
  std::vector<std::string> path;  // a path that implies it, from its source to its target
};

/// Takes every implied edge out of every graph and body graph of `module` (which analyzed
/// without errors; the validator saw every edge) and returns them, in graph and edge
/// order. The other edges keep their order, so both back ends, which read Graph::edges,
/// build the reduced graph. Costs (edges x nodes / 64) word operations per graph and
/// nodes x 512 bytes of memory (reachability is computed for 4096 targets at a time).
std::vector<ImpliedEdge> reduce_edges(ir::Module& module);

}  // namespace graphc::opt

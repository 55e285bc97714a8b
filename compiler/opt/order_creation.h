// Node creation order: CUDA 12.0 and later take the order in which a graph's nodes were
// created as a hint for scheduling nodes that could run at the same time. The back ends
// create nodes in a topological order (ir::creation_order); this pass chooses, among the
// nodes ready at each step, the one that starts the longest path still ahead, and at equal
// length a copy before other kinds, so work that later work waits on (a copy feeding a
// chain of kernels) is given to the device first.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace graphc::opt {

/// A graph whose creation order the pass changed, for `graphc check --explain`: the first
/// node created earlier than without the pass, and the one it now comes before.
struct Reorder {
  std::string graph;
  SourceRange range;       // the graph's name
  std::string first;       // created earlier than in declaration order
  std::size_t first_path;  // nodes on the longest path from `first` to a leaf, itself included
  std::string before;      // the node it now precedes
  std::size_t before_path;
  std::size_t moved;  // nodes whose place in the order changed, bodies included
};

/// Sets Graph::creation_rank for every graph of `module` (which analyzed without errors):
/// nodes by the longest path from them to a leaf of their graph or body (any edge port),
/// longest first; at equal length memcpy nodes first; then IR order. Returns the graphs
/// whose creation order differs from the order without ranks, in graph order.
std::vector<Reorder> order_creation(ir::Module& module);

}  // namespace graphc::opt

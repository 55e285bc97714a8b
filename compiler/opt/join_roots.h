// Joining many roots and many leaves: a graph whose nodes start from several root nodes,
// or end in several leaf nodes, costs CUDA about 0.8 us more CPU per launch for each one
// (H100, CUDA 13.0), while one root and one leaf launch at the cost of one. A synthetic
// no-op kernel node before the roots, and one after the leaves, give the graph a single
// root and a single leaf. Empty nodes do not do this: CUDA launches a graph whose root is
// an empty node as slowly as one without it. The no-op kernel costs about 2 us of device
// time, so it pays from kMinJoined nodes on (docs/performance.md, "Roots and leaves").
//
// CUDA runs a called graph as part of its caller: a call node among a graph's roots brings
// the called graph's roots, and those are what a launch pays for. So a launched graph
// counts them, and a graph that a call node calls is never joined itself: its no-op
// kernels would run at each call (12 calls of a 4-root layer: 1.6x the device time, for
// 2.7 us of CPU per launch that one join in the caller saves as well; "Calls" in
// docs/performance.md).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace graphc::opt {

/// The fewest roots (or leaves) of a graph that a synthetic root (or sink) joins. Measured
/// on the H100: with 3 roots the join costs as much device time as it saves CPU time, with
/// 4 it wins both.
inline constexpr std::size_t kMinJoined = 4;

/// One synthetic node the pass added, for `graphc check --explain`.
struct JoinNode {
  std::string graph;
  std::string node;        // its name (graphc_root or graphc_sink, numbered if the graph has that name)
  bool sink = false;       // false: it precedes the roots; true: it follows the leaves
  std::size_t joined = 0;  // how many roots it precedes, or leaves it follows (those of called graphs included)
  SourceRange range;       // the graph's name
};

/// Gives every graph of `module` (which analyzed without errors) that no call node calls,
/// with kMinJoined or more root nodes (a call node among them counting the called graph's
/// roots, through any depth of calls), a synthetic kernel node (Node::synthetic, ir::kNoopKernel<<<1, 1>>>) with a
/// default edge to each of its own roots, and every such graph with kMinJoined or more
/// leaves (counted alike) one with a default edge from each of its own leaves. Appended after the graph's nodes and
/// edges, so every NodeId stays; the back ends' creation order then creates the root first and the sink last.
/// Conditional bodies are left as they are: the device launches them, and the cost measured is the host's. Returns the
/// nodes added, in graph order.
std::vector<JoinNode> join_roots(ir::Module& module);

}  // namespace graphc::opt

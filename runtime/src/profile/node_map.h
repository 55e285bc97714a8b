// Which node of a graphc graph a CUPTI activity record ran: CUPTI's records carry the id
// of the executable graph's node (graphNodeId), and instantiation makes those nodes.
//
// What CUDA 13.0 reports: cudaGraphInstantiate clones every node, and CUPTI's
// CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED callback pairs each clone with its original; the
// clones of the graph's own nodes are the executable graph's nodes. The nodes of child
// graphs (call, capture and collective nodes) and of conditional bodies are cloned into graphs of
// their own first (reported), and then flattened into the executable graph as new nodes
// that no callback reports: CUDA 13.0 gives them the ids that follow the graph's own
// clones, in the order of their clones' ids (graph by graph, as the clones' graphs were
// made, a nested body's after the body that holds it). graphc maps them so, and checks each
// kernel record against its node's kernel name; a record that disagrees is counted as
// unmapped rather than attributed to the wrong node.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "build/build_graph.h"
#include "profile/cupti_library.h"
#include "state/program_state.h"

namespace graphc::detail {

/// A node as a profile names it (graphc::NodeRun's fields).
struct ProfiledNode {
  std::string path;  // "k", "call/k"; a capture or collective node's name for what it captured
  std::string kind;  // "kernel", "copy", "memset", "capture", "collective", or the IR kind of a node that runs no work
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  /// A kernel node's unqualified function name ("axpy" of `ns::axpy<float>`), which the
  /// mangled name CUPTI reports contains; empty for other nodes.
  std::string kernel;
  /// A capture or collective node: every kernel, copy and memset of the graph it captured
  /// (cuBLAS's, NCCL's) is its own, whatever the kernel's name.
  bool captured = false;
};

class NodeMap {
 public:
  /// The CUPTI ids of every node of `built` (the graphs its call nodes embed, and what its
  /// capture and collective nodes captured, included), before instantiation.
  NodeMap(const CuptiLibrary& cupti, const ProgramState& program, const BuiltGraph& built);

  /// CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED during instantiation: `clone` copies `original`.
  void cloned(std::uint64_t clone, std::uint64_t original);
  /// After instantiation: gives the flattened nodes of child graphs and bodies their ids.
  void instantiated();

  /// The node behind an executable graph node's id; null when none is known. `function`:
  /// the record's kernel name (null for copies and memsets), checked against the node's.
  const ProfiledNode* find(std::uint64_t exec_node, const char* function) const;

 private:
  void add_graph(const ProgramState& program, const BuiltGraph& built, const std::string& prefix);
  void add_captured(cudaGraph_t graph, const ProfiledNode& capture);

  const CuptiLibrary& cupti_;
  std::vector<ProfiledNode> nodes_;
  std::unordered_map<std::uint64_t, std::size_t> originals_;  // original id -> index in nodes_
  std::vector<bool> top_;  // per node: one of the profiled graph's own (not a body's, a call's or a capture's)
  std::unordered_map<std::uint64_t, std::size_t> exec_;  // executable graph node id -> index in nodes_
  std::uint64_t last_top_clone_ = 0;
  bool any_top_clone_ = false;
  /// The clones of the nodes of child graphs and bodies: clone id, index in nodes_ (or
  /// SIZE_MAX for a node graphc does not know).
  std::vector<std::pair<std::uint64_t, std::size_t>> nested_clones_;
};

}  // namespace graphc::detail

// IR graph -> cudaGraph_t: one cudaGraphAddNode (CUDA 13, six arguments: dependencies
// with their edge data) per node, in a topological order of the edges (the earliest
// declared ready node first), so every node's dependencies exist when it is added.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "handles.h"
#include "ir/graph.h"
#include "kernel_args.h"
#include "program_state.h"
#include "resolve_functions.h"

namespace graphc::detail {

struct BuiltGraph {
  GraphHandle graph;
  std::vector<cudaGraphNode_t> nodes;    // per NodeId
  std::vector<KernelArgs> kernel_args;   // per NodeId; empty for all but kernel nodes
};

/// The order nodes are added in: every edge's source before its target; among nodes
/// ready at the same time, the one declared first. The graph is acyclic (the validator
/// reports cycles).
std::vector<ir::NodeId> build_order(const ir::Graph& graph);

/// The edge data of an edge's port: the programmatic ports with the programmatic
/// dependency type, zero (full completion) for the default port.
cudaGraphEdgeData edge_data(ir::EdgePort port);

/// Builds `graph` with the resolved `functions`, buffer pointers (per BufferId), current
/// param values (per ParamId) and events (per EventId). Duplicate edges are given to CUDA
/// once. Throws R0001 naming the node whose cudaGraphAddNode failed.
BuiltGraph build_graph(const ProgramState& program, const ir::Graph& graph, const ResolvedFunctions& functions,
                       const std::vector<void*>& buffers, const std::vector<Slot>& params,
                       const std::vector<cudaEvent_t>& events);

}  // namespace graphc::detail

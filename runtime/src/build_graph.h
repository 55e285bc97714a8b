// IR graph -> cudaGraph_t: one cudaGraphAddNode (CUDA 13, six arguments: dependencies
// with their edge data) per node, in the back ends' shared creation order
// (ir::creation_order), so every node's dependencies exist when it is added. A
// conditional node's bodies are built into the body graphs CUDA creates with it, after
// the conditional handles declared in each body are created on that body's graph.
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
  std::vector<cudaGraphNode_t> nodes;                // per NodeId, body nodes included
  std::vector<KernelArgs> kernel_args;               // per NodeId; empty for all but kernel nodes
  std::vector<cudaGraphConditionalHandle> conds;     // per CondId
  std::vector<void*> buffers;  // per BufferId: the memory the nodes use, with each alloc's address (dptr)
};

/// Builds `graph` with the resolved `functions`, buffer pointers (per BufferId), current
/// param values (per ParamId) and events (per EventId). An alloc node's address (dptr)
/// becomes the pointer of its memory for the nodes added after it, which are all the nodes
/// that use it (the validator orders every use after the alloc). Duplicate edges are given
/// to CUDA once. Throws R0001 naming the node whose cudaGraphAddNode (or whose handle's
/// cudaGraphConditionalHandleCreate) failed.
BuiltGraph build_graph(const ProgramState& program, const ir::Graph& graph, const ResolvedFunctions& functions,
                       const std::vector<void*>& buffers, const std::vector<Slot>& params,
                       const std::vector<cudaEvent_t>& events);

}  // namespace graphc::detail

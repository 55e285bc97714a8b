// IR graph -> cudaGraph_t: one cudaGraphAddNode (CUDA 13, six arguments: dependencies
// with their edge data) per node, in the back ends' shared creation order
// (ir::creation_order), so every node's dependencies exist when it is added. A
// conditional node's bodies are built into the body graphs CUDA creates with it, after
// the conditional handles declared in each body are created on that body's graph. A call
// node's graph is built into a graph of its own, with its parameters bound to the call's
// arguments, and moved into the child graph node.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <vector>

#include "handles.h"
#include "ir/graph.h"
#include "kernel_args.h"
#include "program_state.h"
#include "resolve_functions.h"

namespace graphc::detail {

/// One built graph: the instantiated graph itself, or the graph a call node embeds.
struct BuiltGraph {
  ir::GraphId graph_id;
  GraphHandle graph;  // empty for a called graph once its child graph node owns it
  std::vector<cudaGraphNode_t> nodes;             // per NodeId, body nodes included
  std::vector<KernelArgs> kernel_args;            // per NodeId; empty for all but kernel nodes
  std::vector<cudaGraphConditionalHandle> conds;  // per CondId
  std::vector<void*> buffers;  // per BufferId: the memory the nodes use, with each alloc's address (dptr)
  /// Per ParamId of a called graph: the caller's param its call passes (so a new value of
  /// that param reaches it); invalid for a value, and for the instantiated graph itself.
  std::vector<ir::ParamId> param_sources;
  std::vector<std::unique_ptr<BuiltGraph>> calls;  // per NodeId; the graph of each call node
};

/// Builds graph `id` with the resolved `functions` (per GraphId: its own and those of the
/// graphs it calls), buffer pointers (per BufferId), current param values (per ParamId)
/// and events (per EventId). An alloc node's address (dptr) becomes the pointer of its
/// memory for the nodes added after it, which are all the nodes that use it (the validator
/// orders every use after the alloc). Duplicate edges are given to CUDA once. Throws R0001
/// naming the node whose cudaGraphAddNode (or whose handle's
/// cudaGraphConditionalHandleCreate) failed.
BuiltGraph build_graph(const ProgramState& program, ir::GraphId id, const std::vector<ResolvedFunctions>& functions,
                       const std::vector<void*>& buffers, const std::vector<Slot>& params,
                       const std::vector<cudaEvent_t>& events);

/// The node of `built` (or of a graph it calls) whose handle is `handle`, with the graph
/// it is in; nullptr when none is.
std::pair<const ir::Graph*, const ir::Node*> find_node(const ProgramState& program, const BuiltGraph& built,
                                                       cudaGraphNode_t handle);

}  // namespace graphc::detail

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
#include <optional>
#include <vector>

#include "captures.h"
#include "handles.h"
#include "host_args.h"
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
  std::vector<HostArgs> host_args;                // per NodeId; empty for all but host nodes
  std::vector<cudaGraphConditionalHandle> conds;  // per CondId
  std::vector<void*> buffers;  // per BufferId: the memory the nodes use, with each alloc's address (dptr)
  /// Per ParamId of a called graph: the caller's param its call passes (so a new value of
  /// that param reaches it); invalid for a value, and for the instantiated graph itself.
  std::vector<ir::ParamId> param_sources;
  /// Per BufferId of a called graph: the caller's buffer its call passes, and how many bytes
  /// into it (so a new binding of that buffer reaches it); invalid for the graph's own.
  std::vector<std::pair<ir::BufferId, std::int64_t>> buffer_sources;
  std::vector<std::unique_ptr<BuiltGraph>> calls;  // per NodeId; the graph of each call node
  std::vector<CaptureCall> captures;  // per NodeId; the arguments of each capture node
  /// What the graph's capture nodes may capture outside bodies: an ordinary graph's, a
  /// device graph's, or those of the body (or device graph) whose call embeds this graph.
  CapturePlace place = CapturePlace::graph;
};

/// Builds graph `id` with the resolved `functions` (per GraphId: its own and those of the
/// graphs it calls), buffer pointers (per BufferId), current param values (per ParamId)
/// and events (per EventId). An alloc node's address (dptr) becomes the pointer of its
/// memory for the nodes added after it, which are all the nodes that use it (the validator
/// orders every use after the alloc). A capture node's graph is captured on `libraries`'
/// stream (captures.h) and moved into its child graph node. Duplicate edges are given to
/// CUDA once. Throws R0001 naming the node whose cudaGraphAddNode (or whose handle's
/// cudaGraphConditionalHandleCreate) failed, and a capture's errors (R0041-R0043).
///
/// `configured` (per NodeId of graph `id`, may be null) holds the nodes a param's new value
/// configured (InstanceState::configured): those are built as configured, not as the IR has
/// them.
BuiltGraph build_graph(const ProgramState& program, ir::GraphId id, const std::vector<ResolvedFunctions>& functions,
                       const std::vector<void*>& buffers, const std::vector<Slot>& params,
                       const std::vector<cudaEvent_t>& events, CaptureResources& resources,
                       const std::vector<std::optional<ir::Node>>* configured = nullptr);

/// The node of `built` (or of a graph it calls) whose handle is `handle`, with the graph
/// it is in; nullptr when none is.
std::pair<const ir::Graph*, const ir::Node*> find_node(const ProgramState& program, const BuiltGraph& built,
                                                       cudaGraphNode_t handle);

}  // namespace graphc::detail

// IR graph -> cudaGraph_t: one cudaGraphAddNode (CUDA 13, six arguments: dependencies
// with their edge data) per node, in the back ends' shared creation order
// (ir::creation_order), so every node's dependencies exist when it is added. A
// conditional node's bodies are built into the body graphs CUDA creates with it, after
// the conditional handles declared in each body are created on that body's graph. A call
// node's graph is built into a graph of its own, with its parameters bound to the call's
// arguments (which configure its nodes when its parameters do), and moved into the child
// graph node.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <memory>
#include <optional>
#include <vector>

#include "build/capture_node.h"
#include "build/host_args.h"
#include "build/kernel_args.h"
#include "graphc/nccl_ops.h"
#include "ir/graph.h"
#include "modules/resolve_functions.h"
#include "resources/handles.h"
#include "sema/node_config.h"
#include "state/program_state.h"

namespace graphc::detail {

/// One built graph: the instantiated graph itself, or the graph a call node embeds.
struct BuiltGraph {
  ir::GraphId graph_id;
  GraphHandle graph;                    // empty for a called graph once its child graph node owns it
  std::vector<cudaGraphNode_t> nodes;   // per NodeId, body nodes included
  std::vector<KernelArgs> kernel_args;  // per NodeId; empty for all but kernel nodes
  /// Per NodeId: a `[device_updatable]` kernel node's device node handle (what `&NAME`
  /// passes); null for other nodes.
  std::vector<cudaGraphDeviceNode_t> device_nodes;
  /// Per NodeId: a kernel node's CUfunction, once an update has looked it up (null before;
  /// exec_kernel_setter.h).
  std::vector<CUfunction> kernel_functions;
  std::vector<HostArgs> host_args;                // per NodeId; empty for all but host nodes
  std::vector<cudaGraphConditionalHandle> conds;  // per CondId
  std::vector<void*> buffers;        // per BufferId: the memory the nodes use, with each alloc's address (dptr)
  std::vector<std::size_t> pitches;  // per BufferId: bytes between the rows of a 2-D buffer; 0 for 1-D ones
  /// Per ParamId of a called graph: the caller's param its call passes (so a new value of
  /// that param reaches it); invalid for a value, and for the instantiated graph itself.
  std::vector<ir::ParamId> param_sources;
  /// Per BufferId of a called graph: the caller's buffer its call passes, and how many bytes
  /// into it (so a new binding of that buffer reaches it); invalid for the graph's own.
  std::vector<std::pair<ir::BufferId, std::int64_t>> buffer_sources;
  std::vector<std::unique_ptr<BuiltGraph>> calls;  // per NodeId; the graph of each call node
  /// The validator's folder of the nodes params configure, holding the values they have
  /// now (refold.h); null when no param configures a node of the graph.
  std::unique_ptr<sema::ConfigRefolder> refolder;
  /// Per NodeId: the node as the current values of its params configure it, which the
  /// graph is built from and the exec has; empty for a node no param configures.
  std::vector<std::optional<ir::Node>> configured;
  std::vector<CaptureCall> captures;  // per NodeId; the arguments of each capture node
  /// The windows of its collectives over `[window]` communicators (ir/windows.h), registered
  /// as they are built; deregistered after the exec is destroyed, before the buffers are freed.
  NcclWindows windows;
  /// Per CommId: the communicator its collectives run over and this process's rank in it
  /// (`rank(NAME)`): the bound ones (ResolvedFunctions) for the instantiated graph, the
  /// caller's that each call passes to a `comm` parameter for a called graph.
  std::vector<ncclComm*> comms;
  std::vector<int> ranks;
  /// What the graph's capture nodes may capture outside bodies: an ordinary graph's, a
  /// device graph's, or those of the body (or device graph) whose call embeds this graph.
  CapturePlace place = CapturePlace::graph;
};

/// Builds graph `id` with the resolved `functions` (per GraphId: its own and those of the
/// graphs it calls), buffer pointers and pitches (per BufferId; a pitch is 0 but for a 2-D
/// buffer), current param values (per ParamId)
/// and events (per EventId). An alloc node's address (dptr) becomes the pointer of its
/// memory for the nodes added after it, which are all the nodes that use it (the validator
/// orders every use after the alloc). A capture node's graph is captured on `libraries`'
/// stream (captures.h) and moved into its child graph node. Duplicate edges are given to
/// CUDA once. The nodes params configure are built as the current values configure them
/// (configure_nodes, refold.h), a called graph's with the values its call gives its
/// parameters. Throws R0001 naming the node whose cudaGraphAddNode (or whose handle's
/// cudaGraphConditionalHandleCreate) failed, and a capture's errors (R0041-R0043).
///
/// With `live` (Instance::reload's value path: the built graph an exec was instantiated
/// from, of the same topology, without conditional, memory or capture nodes), no graph is
/// created and no node added: each node is prepared as it would be added (arguments,
/// configuration, called graphs) and takes the handle of `live`'s node, and launch
/// attributes are not set; the caller gives the exec the nodes that changed
/// (node_changes.h).
BuiltGraph build_graph(const ProgramState& program, ir::GraphId id, const std::vector<ResolvedFunctions>& functions,
                       const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches,
                       const std::vector<Slot>& params, const std::vector<cudaEvent_t>& events,
                       CaptureResources& resources, const BuiltGraph* live = nullptr);

/// The node of `built` (or of a graph it calls) whose handle is `handle`, with the graph
/// it is in; nullptr when none is.
std::pair<const ir::Graph*, const ir::Node*> find_node(const ProgramState& program, const BuiltGraph& built,
                                                       cudaGraphNode_t handle);

}  // namespace graphc::detail

// What an Instance owns. Members are destroyed in reverse order: the launched graphs, the
// exec and the graph before the events and buffers they use, and the program (its
// modules) last.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "build/build_graph.h"
#include "build/capture_node.h"
#include "build/kernel_args.h"
#include "graphc/bindings.h"
#include "graphc/communicator.h"
#include "graphc/exec_keeper.h"
#include "graphc/instance.h"
#include "modules/resolve_functions.h"
#include "resources/buffers.h"
#include "resources/events.h"
#include "resources/handles.h"
#include "state/program_state.h"

namespace graphc::detail {

/// An exec and the CUDA user object that the graphs it is instantiated or updated from
/// retain for it (graphc/exec_keeper.h), moved together.
struct KeptExec {
  ExecKeeper keeper;
  ExecHandle handle;  // destroyed before the keeper's reference is released

  cudaGraphExec_t get() const { return handle.get(); }
};

struct InstanceState {
  std::shared_ptr<ProgramState> program;
  ir::GraphId graph_id;
  Bindings bindings;                         // as instantiated (Instance::reload builds with them again)
  std::vector<ResolvedFunctions> functions;  // per GraphId: the graph's and those of the graphs it calls
  std::vector<Slot> params;                  // per ParamId: the current value
  BufferSet buffers;
  EventSet events;
  /// The capture nodes' stream, library handles and workspaces: the instance's own, or shared
  /// with the other variants of a VariantInstances.
  std::shared_ptr<CaptureResources> captures;
  BuiltGraph built;
  KeptExec exec;
  std::vector<ir::NodeId> disabled;  // nodes Instance::enable disabled (reload enables them again)
  /// The graphs this one launches from a kernel (`@g`, transitively), each instantiated
  /// once for device launch; destroyed before this graph's exec is.
  std::vector<std::pair<ir::GraphId, Instance>> launched;
  /// What Instance::synchronize watches: each communicator of the graph, made on its first call.
  std::optional<std::vector<WatchedCommunicator>> watched;
  /// A device-updatable kernel node was set from the host since the last upload: CUDA needs
  /// the exec uploaded again before its next launch, which Instance::launch does.
  bool upload_before_launch = false;

  const ir::Graph& graph() const { return program->module().graph(graph_id); }
  bool device_launch() const { return graph().device_launch.valid(); }
};

/// Buffer `name` of the instance's graph; R0010 when it has none.
ir::BufferId buffer_id(const InstanceState& state, std::string_view name);

/// Gives node `node` of `built` (the instantiated graph, or a graph one of its call nodes
/// embeds) its current arguments and configuration in the exec: a kernel node through
/// cudaGraphExecKernelNodeSetParams (which takes the nodes of child graphs too), a host node
/// through cudaGraphExecHostNodeSetParams (its current argument block), a copy, a memset or
/// an event record or wait node (its event) through cudaGraphExecNodeSetParams; R0001 naming
/// the node if CUDA refuses. Other kinds have no parameters to set (std::logic_error). A
/// device-updatable kernel node's change marks the exec for an upload before its next launch.
void update_node(InstanceState& state, BuiltGraph& built, std::size_t node);

/// Uploads the exec again (cudaGraphUpload, then a synchronization of `stream`): a graph
/// instantiated for device launch sees changed node parameters in device launches only
/// after an upload.
void upload(InstanceState& state, cudaStream_t stream);

}  // namespace graphc::detail

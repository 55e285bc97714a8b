// Collective nodes, the runtime's code of the kind (build/function_call_nodes.h): the NCCL
// call captured on the instance's capture stream into a child graph node, as a capture
// node's function is, over the communicator the program bound (Bindings::communicator); over
// a `[window]` communicator, after its memory is registered as windows.
#include <string>

#include "build/capture_node.h"
#include "build/function_call_nodes.h"
#include "build/node_params.h"
#include "ir/collective_ops.h"
#include "ir/windows.h"

namespace graphc::detail {

static_assert(static_cast<int>(Collective::all_reduce) == static_cast<int>(ir::CollectiveOp::all_reduce) &&
                  static_cast<int>(Collective::all_to_all) == static_cast<int>(ir::CollectiveOp::all_to_all),
              "graphc::Collective follows ir::CollectiveOp");

namespace {

// Over a `[window]` communicator: the memory of the send and receive buffers registered
// whole as windows of `comm` (NcclWindows::add registers each once), before the capture.
void register_windows(NodeBuild& b, const ir::CollectiveNode& op, const NcclApi& nccl, ncclComm* comm,
                      const std::string& location) {
  for (const std::uint32_t at : {ir::kCollectiveSend, ir::kCollectiveRecv}) {
    const ir::BufferId root = b.graph.storage(op.args[at].buffer).root;
    const ir::Buffer& memory = b.graph.buffer(root);
    b.built.windows.add(nccl, comm, b.buffers[root.value], memory.bytes(), memory.name.c_str(), b.node.name.c_str(),
                        location.c_str());
  }
}

}  // namespace

// The captured graph moves into a child graph node, which destroys it with the graph.
cudaGraphNodeParams function_call_node_params(NodeBuild& b, const ir::CollectiveNode& op) {
  const std::string location = b.program.sources().location(b.node.range);
  const NcclApi& nccl = loaded_nccl(b.node.name.c_str(), location.c_str());
  ncclComm* comm = b.built.comms.at(op.collective.comm.value);
  const ir::CollectiveCall& c = op.collective;
  check_communicator(nccl, comm, static_cast<Collective>(c.op), c.send_count, c.recv_count, static_cast<int>(c.root),
                     b.graph.comm(c.comm).world_size, b.graph.comm(c.comm).name.c_str(), b.graph.name.c_str(),
                     b.node.name.c_str(), location.c_str());
  if (ir::over_window(b.graph, op)) register_windows(b, op, nccl, comm, location);
  CaptureCall& call = b.built.captures[b.id.value] =
      CaptureCall(b.program, b.graph, b.node, b.buffers, b.place, comm, nccl, b.resources);
  call.warm_up(b.resources);  // on every rank, in the graph's order: NCCL connects the ranks
  b.owned = GraphHandle(call.capture(b.resources));
  return child_graph_node_params(b.owned.get());
}

}  // namespace graphc::detail

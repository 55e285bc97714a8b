#include "ir/windows.h"

#include "ir/collective_ops.h"

namespace graphc::ir {

bool over_window(const Graph& graph, const CollectiveNode& node) {
  return node.collective.comm.valid() && graph.comm(node.collective.comm).registration == CommRegistration::window;
}

std::vector<bool> window_memory(const Graph& graph) {
  std::vector<bool> out(graph.buffers.size(), false);
  for (const Node& node : graph.nodes) {
    const auto* collective = std::get_if<CollectiveNode>(&node.op);
    if (collective == nullptr || !over_window(graph, *collective)) continue;
    for (const std::uint32_t at : {kCollectiveSend, kCollectiveRecv}) {
      if (at >= collective->args.size()) continue;
      const KernelArg& arg = collective->args[at];
      if (arg.kind == KernelArg::Kind::buffer) out[graph.storage(arg.buffer).root.value] = true;
    }
  }
  return out;
}

}  // namespace graphc::ir

#include "opt/programmatic_launch.h"

#include <variant>

namespace graphc::opt {
namespace {

const ir::KernelNode* kernel_of(const ir::Graph& graph, ir::NodeId id) {
  const ir::Node& node = graph.node(id);
  return node.synthetic ? nullptr : std::get_if<ir::KernelNode>(&node.op);
}

}  // namespace

std::vector<ProgrammaticEdge> programmatic_launch(ir::Module& module, const WaitsOnDependencies& waits) {
  const std::vector<bool> called = module.called_graphs();
  std::vector<ProgrammaticEdge> out;
  for (std::size_t g = 0; g < module.graphs.size(); ++g) {
    ir::Graph& graph = module.graphs[g];
    if (called[g] || graph.device_launch.valid()) continue;
    for (ir::Edge& edge : graph.edges) {
      if (edge.port != ir::EdgePort::default_ || edge.body.valid()) continue;
      const ir::KernelNode* from = kernel_of(graph, edge.from_id);
      const ir::KernelNode* to = kernel_of(graph, edge.to_id);
      if (from == nullptr || to == nullptr || from->device != to->device || !waits(*to)) continue;
      edge.port = ir::EdgePort::programmatic;
      out.push_back(ProgrammaticEdge{graph.name, edge, to->function});
    }
  }
  return out;
}

}  // namespace graphc::opt

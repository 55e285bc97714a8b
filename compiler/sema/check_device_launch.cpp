// Device launch: a graph declared `[device_launch]` is instantiated with
// cudaGraphInstantiateFlagDeviceLaunch, which CUDA accepts only for graphs of kernel,
// memcpy, memset and child graph nodes whose copies touch device or pinned host memory
// (it answers anything else with a bare cudaErrorInvalidValue at instantiation). A kernel
// argument `@g` passes graph g's executable graph, so g must be such a graph.
#include "ir/describe.h"
#include "ir/overloaded.h"
#include "sema/graph_lookup.h"
#include "sema/passes.h"
#include "sema/placement.h"

namespace graphc::sema {
namespace {

void check_device_graph(const ir::Graph& graph, DiagEngine& diags) {
  for (const ir::Node& node : graph.nodes) {
    if (!allowed_in_device_graph(node)) {
      diags.report(DiagCode::device_graph_node_kind, node.name_range, ir::kind_name(node), node.name, graph.name)
          .note<NoteCode::device_launch_declared>(graph.device_launch, graph.name);
      continue;
    }
    const auto* copy = std::get_if<ir::CopyNode>(&node.op);
    if (copy == nullptr) continue;
    for (const RefusedCopyEnd& end : refused_copy_ends(graph, *copy)) {
      const ir::Buffer& buffer = graph.buffer(end.slice->id);
      diags
          .report(DiagCode::device_graph_copy_memory, end.slice->name_range, node.name, graph.name, end.verb,
                  buffer.name, ir::space_description(buffer.space))
          .note<NoteCode::declared_here>(buffer.name_range, buffer.name);
    }
  }
}

// Each `@g` argument to the graph it names, which must be instantiated for device launch.
void resolve_graph_execs(const ir::Module& module, const GraphLookup& graphs, ir::Graph& graph, DiagEngine& diags) {
  for (ir::Node& node : graph.nodes) {
    auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    if (kernel == nullptr) continue;
    for (ir::KernelArg& arg : kernel->args) {
      if (arg.graph.empty()) continue;
      const std::optional<ir::GraphId> id = graphs.find_or_report(diags, arg.range, arg.graph);
      if (!id) continue;
      const ir::Graph& target = module.graph(*id);
      if (!target.device_launch.valid()) {
        diags.report(DiagCode::not_device_graph, arg.range, node.name, arg.graph, arg.graph)
            .note<NoteCode::declared_here>(target.name_range, target.name);
        continue;
      }
      arg.kind = ir::KernelArg::Kind::graph_exec;
      arg.graph_id = *id;
    }
  }
}

}  // namespace

void check_device_launch(ir::Module& module, DiagEngine& diags) {
  const GraphLookup graphs(module);
  for (ir::Graph& graph : module.graphs) {
    resolve_graph_execs(module, graphs, graph, diags);
    if (graph.device_launch.valid()) check_device_graph(graph, diags);
  }
}

}  // namespace graphc::sema

// Device graph updates (CUDA 12.4+): a kernel node declared `[device_updatable]` has a
// device node handle (cudaLaunchAttributeDeviceUpdatableKernelNode), which `&NAME` passes
// to the kernels that change its arguments, grid or enabled state from the device
// (cudaGraphKernelNodeSetParam, cudaGraphKernelNodeSetGridDim,
// cudaGraphKernelNodeSetEnabled, cudaGraphKernelNodeUpdatesApply). Each `&NAME` names a
// device-updatable kernel node of its own graph (E0504, E0505) on the updater's device
// (E0507); no graph instantiated for device launch holds one (E0506). An updater ordered
// before the node it updates changes this launch of it, one ordered after it the next
// launch; one that no edge path orders with it is warned of (W0501), since its update may
// land in either. A device-updatable node no kernel updates costs the
// graph CUDA's whole-graph update for nothing (W0502).
#include <optional>
#include <vector>

#include "diag/spellcheck.h"
#include "ir/devices.h"
#include "ir/node_kind.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

// Every node's name, for a guess at a misspelt `&NAME`.
std::vector<std::string> node_names(const ir::Graph& graph) {
  std::vector<std::string> names;
  for (const ir::Node& node : graph.nodes) names.push_back(node.name);
  return names;
}

// `&NAME` of updater `node` resolved to its target; reported when it is none.
std::optional<ir::NodeId> resolve(GraphContext& ctx, const ir::Node& node, ir::KernelArg& arg) {
  const ir::Graph& graph = ctx.graph;
  const std::optional<ir::NodeId> id = graph.find_node(arg.node);
  if (!id) {
    Diagnostic& d = ctx.diags.report(DiagCode::unknown_device_node, arg.range, node.name, arg.node, graph.name);
    if (const auto guess = closest_name(arg.node, node_names(graph))) {
      d.note<NoteCode::did_you_mean>(SourceRange{}, *guess);
    }
    return std::nullopt;
  }
  const ir::Node& target = graph.node(*id);
  const auto* kernel = std::get_if<ir::KernelNode>(&target.op);
  if (kernel == nullptr) {
    ctx.diags
        .report(DiagCode::not_device_updatable, arg.range, node.name, arg.node, target.name,
                fmt::format("a {} node", ir::kind_name(target)))
        .note<NoteCode::declared_here>(target.name_range, target.name);
    return std::nullopt;
  }
  if (!kernel->launch.device_updatable) {
    ctx.diags
        .report(DiagCode::not_device_updatable, arg.range, node.name, arg.node, target.name,
                "a kernel node not declared [device_updatable]")
        .note<NoteCode::declare_device_updatable>(target.name_range, target.name);
    return std::nullopt;
  }
  return id;
}

// The updater and the node it updates share a device: the one each is placed on, or the
// one the graph is built on.
void check_device(GraphContext& ctx, const ir::Node& updater, const ir::KernelArg& arg) {
  const ir::Node& target = ctx.graph.node(arg.node_id);
  const std::optional<int> from = ir::placed_device(ctx.graph, updater);
  const std::optional<int> to = ir::placed_device(ctx.graph, target);
  if (from == to) return;
  const auto device = [](std::optional<int> d) { return d ? std::to_string(*d) : std::string("(the graph's)"); };
  ctx.diags.report(DiagCode::device_update_other_device, arg.range, updater.name, device(from), target.name, device(to))
      .note<NoteCode::updated_node>(target.name_range, target.name, updater.name);
}

}  // namespace

void check_device_updates(GraphContext& ctx) {
  ir::Graph& graph = ctx.graph;
  std::vector<bool> updated(graph.nodes.size(), false);
  for (std::uint32_t n = 0; n < graph.nodes.size(); ++n) {
    ir::Node& node = graph.nodes[n];
    auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    if (kernel == nullptr) continue;
    if (kernel->launch.device_updatable && graph.device_launch.valid()) {
      ctx.diags.report(DiagCode::device_updatable_in_device_graph, node.name_range, node.name, graph.name)
          .note<NoteCode::device_launch_declared>(graph.device_launch, graph.name);
    }
    for (ir::KernelArg& arg : kernel->args) {
      if (arg.node.empty()) continue;
      const std::optional<ir::NodeId> target = resolve(ctx, node, arg);
      if (!target) continue;
      arg.kind = ir::KernelArg::Kind::device_node;
      arg.node_id = *target;
      updated[target->value] = true;
      check_device(ctx, node, arg);
      if (ctx.dependencies().downstream(ir::NodeId{n})[target->value] ||
          ctx.dependencies().upstream(ir::NodeId{n})[target->value]) {
        continue;
      }
      const ir::Node& to = graph.node(*target);
      ctx.diags.report(DiagCode::unordered_device_update, arg.range, node.name, to.name, to.name)
          .note<NoteCode::updated_node>(to.name_range, to.name, node.name)
          .note<NoteCode::order_device_update>(node.name_range, node.name, to.name);
    }
  }
  for (std::uint32_t n = 0; n < graph.nodes.size(); ++n) {
    const ir::Node& node = graph.nodes[n];
    if (ir::device_updatable(node) && !updated[n]) {
      ctx.diags.report(DiagCode::device_updatable_unused, node.name_range, node.name, node.name);
    }
  }
}

}  // namespace graphc::sema

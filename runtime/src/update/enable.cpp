// Instance::enable and enabled: cudaGraphNodeSetEnabled / cudaGraphNodeGetEnabled on a
// kernel, copy or memset node of the instantiated graph.
#include <vector>

#include <fmt/format.h>

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "graphc/instance.h"
#include "instance/instance_state.h"
#include "ir/node_kind.h"

namespace graphc {
namespace {

struct Switchable {
  ir::NodeId id;
  const ir::Node* node;
  cudaGraphNode_t handle;
};

// Node `name` and its handle when CUDA can enable and disable it, else R0015 or R0031.
Switchable switchable_node(const detail::InstanceState& state, std::string_view name) {
  const ir::Graph& graph = state.graph();
  const std::optional<ir::NodeId> id = graph.find_node(name);
  if (!id) {
    detail::fail_unknown(state.program->sources(), state.program->path, DiagCode::no_such_node, graph, name,
                         graph.nodes);
  }
  const ir::Node& node = graph.node(*id);
  std::string why;
  if (!ir::kind_info(node).switchable) {
    why = fmt::format("CUDA switches only kernel, copy and memset nodes, not {} nodes", ir::kind_name(node));
  } else if (node.body.valid()) {
    const ir::Node& conditional = graph.node(graph.body(node.body).conditional);
    why = fmt::format("it is in a body graph of conditional node '{}', and CUDA switches only nodes of the "
                      "instantiated graph itself",
                      conditional.name);
  }
  if (!why.empty()) {
    detail::fail(state.program->sources(), state.program->path, DiagCode::not_enableable, node.name_range, node.name,
                 why);
  }
  return {*id, &node, state.built.nodes[id->value]};
}

}  // namespace

void Instance::enable(std::string_view name, bool enabled) {
  const Switchable node = switchable_node(*state_, name);
  detail::check(cudaGraphNodeSetEnabled(state_->exec.get(), node.handle, enabled ? 1U : 0U), "cudaGraphNodeSetEnabled",
                detail::site_of(state_->program->sources(), *node.node));
  std::vector<ir::NodeId>& disabled = state_->disabled;
  std::erase(disabled, node.id);
  if (!enabled) disabled.push_back(node.id);
  // A graph launched from the device sees the change only once uploaded again; a
  // device-updatable node set from the host needs the upload before the next launch.
  if (state_->device_launch()) detail::upload(*state_, nullptr);
  if (ir::device_updatable(*node.node)) state_->upload_before_launch = true;
}

bool Instance::enabled(std::string_view name) const {
  const Switchable node = switchable_node(*state_, name);
  unsigned int enabled = 0;
  detail::check(cudaGraphNodeGetEnabled(state_->exec.get(), node.handle, &enabled), "cudaGraphNodeGetEnabled",
                detail::site_of(state_->program->sources(), *node.node));
  return enabled != 0;
}

}  // namespace graphc

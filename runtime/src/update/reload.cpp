// Instance::reload: the file compiled again and, with the same bindings, when the topology
// is the same, the nodes whose values changed set in the exec (node_changes.h) or, where
// that cannot be, a new graph built and the exec updated from it (cudaGraphExecUpdate);
// otherwise instantiated anew. Nothing of the instance changes until the new graph is
// prepared or built (and, when re-instantiated, instantiated).
#include <fmt/format.h>

#include "build/build_graph.h"
#include "errors/cuda_check.h"
#include "graphc/instance.h"
#include "instance/instance_state.h"
#include "ir/node_kind.h"
#include "ir/topology.h"
#include "modules/module_set.h"
#include "program/instantiate.h"
#include "program/load_program.h"
#include "resources/buffers.h"
#include "resources/events.h"
#include "update/node_changes.h"

namespace graphc {
namespace {

// Why graph `id` is re-instantiated whatever changed; empty when an update may apply.
std::string update_blocker(const ir::Module& module, ir::GraphId id) {
  if (module.graph(id).device_launch.valid() || detail::launch_closure(module, id).size() > 1) {
    return "graphs launched from the device are re-instantiated";
  }
  for (const ir::Node& node : module.graph(id).nodes) {
    if (ir::device_updatable(node)) {
      return fmt::format("kernel node '{}' is device-updatable, and CUDA updates no graph that holds one whole "
                         "(cudaGraphExecUpdate)",
                         node.name);
    }
    if (ir::kind_info(node).update == UpdatePath::reinstantiate) {
      if (std::holds_alternative<ir::ConditionalNode>(node.op)) {
        return fmt::format("conditional node '{}': graphs with conditional nodes are re-instantiated, their "
                           "conditional handles being new",
                           node.name);
      }
      return fmt::format("memory node '{}': graphs with memory nodes are re-instantiated", node.name);
    }
    if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
      std::string inner = update_blocker(module, call->graph_id);
      if (!inner.empty()) return inner;
    }
  }
  return {};
}

std::string_view result_name(cudaGraphExecUpdateResult result) {
  switch (result) {
    case cudaGraphExecUpdateSuccess: return "cudaGraphExecUpdateSuccess";
    case cudaGraphExecUpdateError: return "cudaGraphExecUpdateError";
    case cudaGraphExecUpdateErrorTopologyChanged: return "cudaGraphExecUpdateErrorTopologyChanged";
    case cudaGraphExecUpdateErrorNodeTypeChanged: return "cudaGraphExecUpdateErrorNodeTypeChanged";
    case cudaGraphExecUpdateErrorFunctionChanged: return "cudaGraphExecUpdateErrorFunctionChanged";
    case cudaGraphExecUpdateErrorParametersChanged: return "cudaGraphExecUpdateErrorParametersChanged";
    case cudaGraphExecUpdateErrorNotSupported: return "cudaGraphExecUpdateErrorNotSupported";
    case cudaGraphExecUpdateErrorUnsupportedFunctionChange: return "cudaGraphExecUpdateErrorUnsupportedFunctionChange";
    case cudaGraphExecUpdateErrorAttributesChanged: return "cudaGraphExecUpdateErrorAttributesChanged";
  }
  return "an unknown cudaGraphExecUpdateResult";
}

// What cudaGraphExecUpdate refused, naming the node it reported.
std::string update_refusal(const detail::InstanceState& fresh, const cudaGraphExecUpdateResultInfo& info) {
  const auto [graph, node] = detail::find_node(*fresh.program, fresh.built, info.errorNode);
  if (node == nullptr) return fmt::format("cudaGraphExecUpdate refused the update: {}", result_name(info.result));
  return fmt::format("cudaGraphExecUpdate refused the update at node '{}': {}", node->name, result_name(info.result));
}

// `fresh` takes over the exec instantiated from `old`'s graph: CUDA identifies the exec's
// nodes by the handles of that graph, so `fresh` keeps them (and the graph), and `old`
// gets `fresh`'s own, destroyed with it. The graphs of call nodes likewise. The host nodes'
// old argument blocks stay alive with `fresh`: launches enqueued before may still read them.
void adopt_exec_nodes(detail::BuiltGraph& fresh, detail::BuiltGraph& old) {
  std::swap(fresh.graph, old.graph);
  std::swap(fresh.nodes, old.nodes);
  for (std::size_t i = 0; i < fresh.host_args.size(); ++i) fresh.host_args[i].keep(std::move(old.host_args[i]));
  for (std::size_t i = 0; i < fresh.calls.size(); ++i) {
    if (fresh.calls[i]) adopt_exec_nodes(*fresh.calls[i], *old.calls[i]);
  }
}

}  // namespace

ReloadResult Instance::reload(cudaStream_t stream) {
  detail::InstanceState& old = *state_;
  const std::shared_ptr<detail::ProgramState> program = detail::load_program(old.program->path, old.program->options);
  const ir::GraphId id = detail::find_graph(*program, old.graph().name);
  load_modules(*program, old.program.get());  // unchanged modules keep their libraries (and kernels)
  const ir::Module& module = program->module();
  const ir::Graph& graph = module.graph(id);

  std::string reason = update_blocker(module, id);
  if (reason.empty()) reason = ir::topology_difference(old.program->module(), old.graph_id, module, id);
  if (!reason.empty()) {
    std::vector<std::unique_ptr<detail::InstanceState>> states =
        detail::instantiate_closure(program, id, old.bindings, stream, &old);
    states.front()->buffers.take_reused(old.buffers);
    *this = assemble(std::move(states));  // the old state goes now
    return {ReloadResult::Kind::reinstantiated, reason, program->warnings};
  }

  detail::check_bindings(*program, {&graph}, old.bindings);
  detail::check_event_bindings(*program, graph, old.bindings);

  // Only values changed: the nodes that differ are set in the exec, no graph is built.
  reason = detail::node_setting_blocker(module, id);
  if (reason.empty()) {
    std::unique_ptr<detail::InstanceState> fresh =
        detail::build_instance(program, id, old.bindings, &old.buffers, &old.built);
    detail::NodeChanges changes = detail::node_changes(*fresh, old);
    reason = changes.blocker;
    if (reason.empty()) reason = detail::set_node_changes(*fresh, old, changes.nodes);
    if (reason.empty()) {
      commit(std::move(fresh), stream);
      return {ReloadResult::Kind::nodes_set, {}, program->warnings, changes.nodes.size()};
    }
  }

  std::unique_ptr<detail::InstanceState> fresh = detail::build_instance(program, id, old.bindings, &old.buffers);
  // The exec takes the user object references of the graph it is updated from: the new
  // graph retains its keeper first.
  const std::string location = program->sources().location(graph.range);
  old.exec.keeper.retain_by(fresh->built.graph.get(), "", location.c_str());
  cudaGraphExecUpdateResultInfo info{};
  const cudaError_t status = cudaGraphExecUpdate(old.exec.get(), fresh->built.graph.get(), &info);
  if (status == cudaSuccess) {
    fresh->exec = std::move(old.exec);
    commit(std::move(fresh), stream);
    return {ReloadResult::Kind::updated, reason, program->warnings};
  }
  old.exec.keeper.release_from(fresh->built.graph.get());
  if (status != cudaErrorGraphExecUpdateFailure) {
    detail::check(status, "cudaGraphExecUpdate", detail::CallSite::at(program->sources(), graph.range));
  }
  (void)cudaGetLastError();  // the refusal is reported in `reason`, not left for the next CUDA call
  reason = update_refusal(*fresh, info);
  detail::instantiate_exec(*fresh);
  fresh->buffers.take_reused(old.buffers);
  state_ = std::move(fresh);
  detail::upload(*state_, stream);
  return {ReloadResult::Kind::reinstantiated, reason, program->warnings};
}

// `fresh` has the old state's exec, updated: it takes over the old graph's node handles
// (which identify the exec's nodes), enables the nodes the caller disabled, as a new
// instance's are, keeps the unchanged buffers and replaces the old state.
void Instance::commit(std::unique_ptr<detail::InstanceState> fresh, cudaStream_t stream) {
  detail::InstanceState& old = *state_;
  adopt_exec_nodes(fresh->built, old.built);
  const ir::Graph& graph = fresh->graph();
  for (const ir::NodeId node : old.disabled) {
    detail::check(cudaGraphNodeSetEnabled(fresh->exec.get(), fresh->built.nodes[node.value], 1U),
                  "cudaGraphNodeSetEnabled", detail::site_of(fresh->program->sources(), graph.node(node)));
  }
  fresh->buffers.take_reused(old.buffers);
  state_ = std::move(fresh);
  detail::upload(*state_, stream);
}

}  // namespace graphc

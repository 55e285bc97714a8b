#include "program/instantiate.h"

#include <algorithm>
#include <variant>

#include "build/build_graph.h"
#include "build/configure_nodes.h"
#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "resources/buffers.h"
#include "resources/events.h"

namespace graphc::detail {

std::vector<ir::GraphId> launch_closure(const ir::Module& module, ir::GraphId root) {
  std::vector<ir::GraphId> graphs{root};
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    for (const ir::Node& node : module.graph(graphs[i]).nodes) {
      const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
      if (kernel == nullptr) continue;
      for (const ir::KernelArg& arg : kernel->args) {
        if (arg.kind != ir::KernelArg::Kind::graph_exec) continue;
        if (std::find(graphs.begin(), graphs.end(), arg.graph_id) == graphs.end()) graphs.push_back(arg.graph_id);
      }
    }
  }
  return graphs;
}

std::unique_ptr<InstanceState> build_instance(const std::shared_ptr<ProgramState>& program, ir::GraphId id,
                                              const Bindings& bindings, const BufferSet* reuse, const BuiltGraph* live,
                                              std::shared_ptr<CaptureResources> captures) {
  auto state = std::make_unique<InstanceState>();
  state->captures = captures != nullptr ? std::move(captures) : std::make_shared<CaptureResources>();
  state->program = program;
  state->graph_id = id;
  state->bindings = bindings;
  const ir::Graph& graph = state->graph();

  // Everything that can be checked is checked before anything is allocated or launched.
  require_no_parameter_config(*program, id);
  // From the state's own copy of the bindings, which the capture functions point into.
  state->functions = resolve_call_tree(*program, id, state->bindings);

  for (const ir::Param& param : graph.params) state->params.push_back(param_slot(param));
  state->buffers = BufferSet::create(*program, graph, bindings, reuse);
  state->events = EventSet::create(*program, graph, bindings);
  state->built = build_graph(*program, id, state->functions, state->buffers.pointers(), state->buffers.pitches(),
                             state->params, state->events.events(), *state->captures, live);
  return state;
}

ExecHandle instantiate_built(const InstanceState& state, const BuiltGraph& built) {
  const ProgramState& program = *state.program;
  // cudaGraphInstantiateWithParams reports the node that made instantiation fail.
  cudaGraphInstantiateParams params{};
  // For device launch when declared so; and an allocation the graph does not free would
  // make the next launch fail (cudaErrorInvalidValue): each launch frees the previous
  // one's first, as cudaFreeAsync would. Allocations of called graphs count too.
  params.flags = (state.device_launch() ? cudaGraphInstantiateFlagDeviceLaunch : 0) |
                 (program.module().has_unfreed_alloc(state.graph_id) ? cudaGraphInstantiateFlagAutoFreeOnLaunch : 0) |
                 (program.module().uses_node_priority(state.graph_id) ? cudaGraphInstantiateFlagUseNodePriority : 0);
  cudaGraphExec_t exec = nullptr;
  const cudaError_t status = cudaGraphInstantiateWithParams(&exec, built.graph.get(), &params);
  CallSite site = CallSite::at(program.sources(), state.graph().range);
  if (const auto [in, node] = find_node(program, built, params.errNode_out); node != nullptr) {
    site = site_of(program.sources(), *node);
  }
  check(status, "cudaGraphInstantiate", site);
  return ExecHandle(exec);
}

void instantiate_exec(InstanceState& state) {
  const std::string location = state.program->sources().location(state.graph().range);
  ExecKeeper keeper = ExecKeeper::retained_by(state.built.graph.get(), "", location.c_str());
  state.exec = KeptExec{std::move(keeper), instantiate_built(state, state.built)};
}

std::vector<std::unique_ptr<InstanceState>> instantiate_closure(const std::shared_ptr<ProgramState>& program,
                                                                ir::GraphId root, const Bindings& bindings,
                                                                cudaStream_t stream, const InstanceState* reuse,
                                                                std::shared_ptr<CaptureResources> captures) {
  const ir::Module& module = program->module();
  const std::vector<ir::GraphId> ids = launch_closure(module, root);
  std::vector<const ir::Graph*> graphs;
  for (const ir::GraphId id : ids) graphs.push_back(&module.graph(id));
  check_bindings(*program, graphs, bindings);
  check_event_bindings(*program, *graphs.front(), bindings);

  std::vector<std::unique_ptr<InstanceState>> states;
  for (const ir::GraphId id : ids) {
    const BufferSet* kept = id == root && reuse != nullptr ? &reuse->buffers : nullptr;
    states.push_back(build_instance(program, id, bindings, kept, nullptr, id == root ? captures : nullptr));
    instantiate_exec(*states.back());
  }

  // Every graph is instantiated: `@g` arguments get their execs (a graph may pass its own,
  // for a tail launch of itself).
  for (const auto& state : states) {
    for (std::size_t i = 0; i < state->built.kernel_args.size(); ++i) {
      KernelArgs& args = state->built.kernel_args[i];
      if (args.graph_execs().empty()) continue;
      for (const ir::GraphId target : args.graph_execs()) {
        const std::size_t k = static_cast<std::size_t>(std::find(ids.begin(), ids.end(), target) - ids.begin());
        args.set_graph_exec(target, states.at(k)->exec.get());
      }
      update_node(*state, state->built, i);
    }
  }
  // Uploaded now, so the first launch costs what a repeat launch costs (and a graph
  // launched from the device must be uploaded before it is).
  for (const auto& state : states) upload(*state, stream);
  return states;
}

}  // namespace graphc::detail

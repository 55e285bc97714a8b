#include "graphc/program.h"

#include <algorithm>
#include <variant>

#include <fmt/format.h>

#include "buffers.h"
#include "build_graph.h"
#include "cuda_check.h"
#include "diag/render.h"
#include "events.h"
#include "instance_state.h"
#include "runtime_diag.h"

namespace graphc {
namespace {

// A Program for a compilation, or the diagnostics as graphc::Error.
std::shared_ptr<detail::ProgramState> accept(std::unique_ptr<Compilation> compilation, const std::string& path) {
  const std::vector<Diagnostic> sorted = compilation->diags.sorted();
  if (!compilation->ok()) {
    std::string code;
    for (const Diagnostic& d : sorted) {
      if (d.severity == Severity::error) {
        code = std::string(code_name(d.code));
        break;
      }
    }
    throw Error(render_all(compilation->sources, sorted), std::move(code));
  }
  auto state = std::make_shared<detail::ProgramState>();
  state->warnings = render_all(compilation->sources, sorted);
  state->compilation = std::move(compilation);
  state->path = path;
  return state;
}

// The graph `name`, or R0013.
ir::GraphId find_graph(const detail::ProgramState& program, std::string_view name) {
  if (const std::optional<ir::GraphId> id = program.module().find_graph(name)) return *id;
  detail::fail(program.sources(), program.path, DiagCode::no_such_graph, SourceRange{}, program.path, name);
}

}  // namespace

Program::Program(std::shared_ptr<detail::ProgramState> state) : state_(std::move(state)) {}
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;
Program::~Program() = default;

Program Program::load(const std::string& path, const LoadOptions& options) {
  return Program(accept(compile_file(path, CompileOptions{.optimize = options.optimize}), path));
}

Program Program::from_text(const std::string& path, std::string text, const LoadOptions& options) {
  return Program(accept(compile_text(path, std::move(text), CompileOptions{.optimize = options.optimize}), path));
}

void Program::load_modules() {
  if (!state_->modules) state_->modules = detail::ModuleSet::load(*state_->compilation);
}

const std::vector<ModuleInfo>& Program::modules() const {
  static const std::vector<ModuleInfo> none;
  return state_->modules ? state_->modules->info() : none;
}

const std::string& Program::warnings() const { return state_->warnings; }
const ir::Module& Program::ir() const { return state_->module(); }
const SourceManager& Program::sources() const { return state_->sources(); }

namespace {

// The graph and the graphs it launches from kernels (`@g`), transitively, each once, the
// graph first.
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

// Resolves, checks, allocates, builds and instantiates one graph (for device launch when
// it is declared so). Its `@g` arguments are still null, and it is not uploaded.
std::unique_ptr<detail::InstanceState> build_instance(const std::shared_ptr<detail::ProgramState>& program,
                                                      ir::GraphId graph_id, const Bindings& bindings) {
  auto state = std::make_unique<detail::InstanceState>();
  state->program = program;
  state->graph_id = graph_id;
  const ir::Graph& graph = state->graph();

  // Everything that can be checked is checked before anything is allocated or launched.
  state->functions = detail::resolve_call_tree(*program, graph_id, bindings);

  for (const ir::Param& param : graph.params) state->params.push_back(detail::param_slot(param.folded_default));
  state->buffers = detail::BufferSet::create(*program, graph, bindings);
  state->events = detail::EventSet::create(*program, graph, bindings);
  state->built = detail::build_graph(*program, graph_id, state->functions, state->buffers.pointers(), state->params,
                                     state->events.events());

  // cudaGraphInstantiateWithParams reports the node that made instantiation fail.
  cudaGraphInstantiateParams params{};
  // For device launch when declared so; and an allocation the graph does not free would
  // make the next launch fail (cudaErrorInvalidValue): each launch frees the previous
  // one's first, as cudaFreeAsync would. Allocations of called graphs count too.
  params.flags = (state->device_launch() ? cudaGraphInstantiateFlagDeviceLaunch : 0) |
                 (program->module().has_unfreed_alloc(graph_id) ? cudaGraphInstantiateFlagAutoFreeOnLaunch : 0);
  cudaGraphExec_t exec = nullptr;
  const cudaError_t status = cudaGraphInstantiateWithParams(&exec, state->built.graph.get(), &params);
  detail::CallSite site{"", program->sources().location(graph.range)};
  if (const auto [in, node] = detail::find_node(*program, state->built, params.errNode_out); node != nullptr) {
    site = detail::site_of(program->sources(), *node);
  }
  detail::check(status, "cudaGraphInstantiate", site);
  state->exec = detail::ExecHandle(exec);
  return state;
}

}  // namespace

Instance Program::instantiate(std::string_view graph_name, const Bindings& bindings, cudaStream_t stream) {
  const ir::GraphId root = find_graph(*state_, graph_name);
  load_modules();
  const ir::Module& module = state_->module();
  const std::vector<ir::GraphId> ids = launch_closure(module, root);
  std::vector<const ir::Graph*> graphs;
  for (const ir::GraphId id : ids) graphs.push_back(&module.graph(id));
  detail::check_bindings(*state_, graphs, bindings);
  detail::check_event_bindings(*state_, *graphs.front(), bindings);

  std::vector<std::unique_ptr<detail::InstanceState>> states;
  for (const ir::GraphId id : ids) states.push_back(build_instance(state_, id, bindings));

  // Every graph is instantiated: `@g` arguments get their execs (a graph may pass its own,
  // for a tail launch of itself).
  for (const auto& state : states) {
    for (std::size_t i = 0; i < state->built.kernel_args.size(); ++i) {
      detail::KernelArgs& args = state->built.kernel_args[i];
      if (args.graph_execs().empty()) continue;
      for (const ir::GraphId target : args.graph_execs()) {
        const std::size_t k = static_cast<std::size_t>(std::find(ids.begin(), ids.end(), target) - ids.begin());
        args.set_graph_exec(target, states.at(k)->exec.get());
      }
      detail::update_kernel_node(*state, state->built, i);
    }
  }
  // Uploaded now, so the first launch costs what a repeat launch costs (and a graph
  // launched from the device must be uploaded before it is).
  for (const auto& state : states) detail::upload(*state, stream);

  std::unique_ptr<detail::InstanceState> instance = std::move(states.front());
  for (std::size_t k = 1; k < states.size(); ++k) instance->launched.emplace_back(ids[k], Instance(std::move(states[k])));
  return Instance(std::move(instance));
}

}  // namespace graphc

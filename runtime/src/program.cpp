#include "graphc/program.h"

#include <algorithm>
#include <variant>

#include <fmt/format.h>

#include "buffers.h"
#include "build_graph.h"
#include "check_args.h"
#include "cuda_check.h"
#include "diag/render.h"
#include "instance_state.h"
#include "runtime_diag.h"
#include "shared_memory.h"

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

// Whether `graph` has an alloc node that no free node of the graph frees.
bool has_unfreed_alloc(const ir::Graph& graph) {
  for (std::uint32_t i = 0; i < graph.nodes.size(); ++i) {
    if (!std::holds_alternative<ir::AllocNode>(graph.nodes[i].op)) continue;
    const bool freed = std::any_of(graph.nodes.begin(), graph.nodes.end(), [&](const ir::Node& n) {
      const auto* free = std::get_if<ir::FreeNode>(&n.op);
      return free != nullptr && free->alloc_id == ir::NodeId{i};
    });
    if (!freed) return true;
  }
  return false;
}

}  // namespace

Program::Program(std::shared_ptr<detail::ProgramState> state) : state_(std::move(state)) {}
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;
Program::~Program() = default;

Program Program::load(const std::string& path) { return Program(accept(compile_file(path), path)); }

Program Program::from_text(const std::string& path, std::string text) {
  return Program(accept(compile_text(path, std::move(text)), path));
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

Instance Program::instantiate(std::string_view graph_name, const Bindings& bindings, cudaStream_t stream) {
  const ir::GraphId graph_id = find_graph(*state_, graph_name);
  load_modules();
  auto state = std::make_unique<detail::InstanceState>();
  state->program = state_;
  state->graph_id = graph_id;
  const ir::Graph& graph = state->graph();

  // Everything that can be checked is checked before anything is allocated or launched.
  detail::check_bindings(*state_, graph, bindings);
  state->functions = detail::resolve_functions(*state_, graph, bindings);
  detail::check_kernel_args(*state_, graph, state->functions.kernels);
  detail::configure_shared_memory(*state_, graph, state->functions.kernels);

  for (const ir::Param& param : graph.params) state->params.push_back(detail::param_slot(param.folded_default));
  state->buffers = detail::BufferSet::create(*state_, graph, bindings);
  state->built = detail::build_graph(*state_, graph, state->functions, state->buffers.pointers(), state->params);

  // cudaGraphInstantiateWithParams reports the node that made instantiation fail.
  cudaGraphInstantiateParams params{};
  // An allocation the graph does not free would make the next launch fail
  // (cudaErrorInvalidValue): each launch frees the previous one's first, as cudaFreeAsync would.
  if (has_unfreed_alloc(graph)) params.flags = cudaGraphInstantiateFlagAutoFreeOnLaunch;
  cudaGraphExec_t exec = nullptr;
  const cudaError_t status = cudaGraphInstantiateWithParams(&exec, state->built.graph.get(), &params);
  detail::CallSite site{"", state_->sources().location(graph.range)};
  for (std::size_t i = 0; i < graph.nodes.size() && params.errNode_out; ++i) {
    if (state->built.nodes[i] == params.errNode_out) site = detail::site_of(state_->sources(), graph.nodes[i]);
  }
  detail::check(status, "cudaGraphInstantiate", site);
  state->exec = detail::ExecHandle(exec);

  // Uploaded now, so the first launch costs what a repeat launch costs.
  const detail::CallSite graph_site{"", state_->sources().location(graph.range)};
  detail::check(cudaGraphUpload(exec, stream), "cudaGraphUpload", graph_site);
  detail::check(cudaStreamSynchronize(stream), "cudaStreamSynchronize after cudaGraphUpload", graph_site);
  return Instance(std::move(state));
}

}  // namespace graphc

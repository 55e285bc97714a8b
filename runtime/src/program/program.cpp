#include "graphc/program.h"

#include "instance/instance_state.h"
#include "modules/module_set.h"
#include "program/diagnostic_infos.h"
#include "program/instantiate.h"
#include "program/load_program.h"

namespace graphc {

Program::Program(std::shared_ptr<detail::ProgramState> state) : state_(std::move(state)) {}
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;
Program::~Program() = default;

Program Program::load(const std::string& path, const LoadOptions& options) {
  return Program(detail::load_program(path, detail::compile_options(options)));
}

Program Program::from_text(const std::string& path, std::string text, const LoadOptions& options) {
  return Program(detail::program_from_text(path, std::move(text), detail::compile_options(options)));
}

std::vector<DiagnosticInfo> Program::check(const std::string& path, const LoadOptions& options) {
  const std::unique_ptr<Compilation> c = compile_file(path, detail::compile_options(options));
  return detail::diagnostic_infos(c->sources, c->diags.sorted());
}

std::vector<DiagnosticInfo> Program::check_text(const std::string& path, std::string text, const LoadOptions& options) {
  const std::unique_ptr<Compilation> c = compile_text(path, std::move(text), detail::compile_options(options));
  return detail::diagnostic_infos(c->sources, c->diags.sorted());
}

void Program::load_modules() { detail::load_modules(*state_); }

const std::vector<ModuleInfo>& Program::modules() const {
  static const std::vector<ModuleInfo> none;
  return state_->modules ? state_->modules->info() : none;
}

const std::string& Program::warnings() const { return state_->warnings; }

const std::vector<DiagnosticInfo>& Program::diagnostics() const { return state_->diagnostics; }

Instance Program::instantiate(std::string_view graph_name, const Bindings& bindings, cudaStream_t stream) {
  const ir::GraphId root = detail::find_graph(*state_, graph_name);
  load_modules();
  return Instance::assemble(detail::instantiate_closure(state_, root, bindings, stream, nullptr));
}

}  // namespace graphc

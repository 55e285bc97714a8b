#include "graphc/program.h"

#include <map>

#include <fmt/format.h>

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
  const std::vector<std::unique_ptr<Compilation>> variants = compile_variants(path, detail::compile_options(options));
  if (variants.size() == 1) return detail::diagnostic_infos(variants[0]->sources, variants[0]->diags.sorted());
  // Each variant's diagnostics, once by their text, with a note naming the variants that
  // report one where not all do (as graphc check prints them: driver/report.h).
  const VariantDimension& dimension = *variants.back()->variant;
  std::vector<DiagnosticInfo> out;
  std::vector<std::vector<std::int64_t>> values;
  std::map<std::string, std::size_t, std::less<>> index;
  for (const std::unique_ptr<Compilation>& c : variants) {
    for (DiagnosticInfo& info : detail::diagnostic_infos(c->sources, c->diags.sorted())) {
      const auto [at, fresh] = index.emplace(info.text, out.size());
      if (fresh) {
        out.push_back(std::move(info));
        values.emplace_back();
      }
      values[at->second].push_back(c->variant->value);
    }
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (values[i].size() == variants.size()) continue;
    const std::string note = dimension.in_variants(values[i]);
    out[i].notes.push_back(DiagnosticNoteInfo{"", 0, 0, note});
    out[i].text += fmt::format("note: {}\n", note);
  }
  return out;
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
  return instantiate_with(graph_name, bindings, stream, nullptr);
}

Instance Program::instantiate_with(std::string_view graph_name, const Bindings& bindings, cudaStream_t stream,
                                   std::shared_ptr<CaptureResources> captures) {
  const ir::GraphId root = detail::find_graph(*state_, graph_name);
  load_modules();
  return Instance::assemble(detail::instantiate_closure(state_, root, bindings, stream, nullptr, std::move(captures)));
}

}  // namespace graphc

#include "program/load_program.h"

#include "diag/render.h"
#include "errors/runtime_diag.h"
#include "program/diagnostic_infos.h"

namespace graphc::detail {

std::shared_ptr<ProgramState> accept(std::unique_ptr<Compilation> compilation, const std::string& path,
                                     const CompileOptions& options) {
  const std::vector<Diagnostic> sorted = compilation->diags.sorted();
  if (!compilation->ok()) throw_diagnostics(compilation->sources, sorted);
  auto state = std::make_shared<ProgramState>();
  state->warnings = render_all(compilation->sources, sorted);
  state->diagnostics = diagnostic_infos(compilation->sources, sorted);
  state->compilation = std::move(compilation);
  state->creation_orders.reserve(state->module().graphs.size());
  for (const ir::Graph& graph : state->module().graphs) state->creation_orders.emplace_back(graph);
  state->path = path;
  state->options = options;
  return state;
}

std::shared_ptr<ProgramState> load_program(const std::string& path, const CompileOptions& options) {
  return accept(compile_file(path, options), path, options);
}

std::shared_ptr<ProgramState> program_from_text(const std::string& path, std::string text,
                                                const CompileOptions& options) {
  return accept(compile_text(path, std::move(text), options), path, options);
}

ir::GraphId find_graph(const ProgramState& program, std::string_view name) {
  if (const std::optional<ir::GraphId> id = program.module().find_graph(name)) return *id;
  fail(program.sources(), program.path, DiagCode::no_such_graph, SourceRange{}, program.path, name);
}

CompileOptions compile_options(const LoadOptions& options) {
  std::optional<CompileOptions::Variants> variants;
  if (options.variants) {
    variants = CompileOptions::Variants{options.variants->name, {}};
    for (const std::int64_t v : options.variants->values) variants->values.push_back(std::to_string(v));
  }
  return CompileOptions{.optimize = options.optimize,
                        .races_are_errors = options.races_are_errors,
                        .warnings_are_errors = options.warnings_are_errors,
                        .possible_races = options.possible_races,
                        .world_size = options.world_size,
                        .world_sizes = {options.world_sizes.begin(), options.world_sizes.end()},
                        .defines = {options.defines.begin(), options.defines.end()},
                        .variant = options.variant ? std::optional(std::to_string(*options.variant)) : std::nullopt,
                        .variants = variants,
                        .tune_matmuls = options.tune_matmuls};
}

}  // namespace graphc::detail

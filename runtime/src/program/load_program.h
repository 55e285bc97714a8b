// Compiling a .graph file into the state a Program (and Instance::reload) works with.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "compile.h"
#include "graphc/program.h"
#include "state/program_state.h"

namespace graphc::detail {

/// The compiler's options for a load with `options` (graphc::LoadOptions as CompileOptions).
CompileOptions compile_options(const LoadOptions& options);

/// Compiles `path` with `options` (compile_file). Throws graphc::Error carrying every
/// diagnostic, rendered, and the first error's code, when any error is reported.
std::shared_ptr<ProgramState> load_program(const std::string& path, const CompileOptions& options);
/// The same for text held in memory, reported under `path`.
std::shared_ptr<ProgramState> program_from_text(const std::string& path, std::string text,
                                                const CompileOptions& options);

/// The state for `compilation` of `path`, compiled with `options`; its diagnostics as
/// graphc::Error (the rendered text, the first error's code) when it has errors.
std::shared_ptr<ProgramState> accept(std::unique_ptr<Compilation> compilation, const std::string& path,
                                     const CompileOptions& options);

/// Graph `name` of the program, or R0013.
ir::GraphId find_graph(const ProgramState& program, std::string_view name);

}  // namespace graphc::detail

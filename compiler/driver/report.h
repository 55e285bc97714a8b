// Shared by the subcommands: compile a file and print its diagnostics to stderr.
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "compile.h"

namespace graphc::driver {

/// Prints every diagnostic of `diags` to stderr (colour only when stderr is a terminal).
void report(const SourceManager& sources, const DiagEngine& diags);

/// Compiles `path` and prints every diagnostic (colour only when stderr is a terminal).
/// Returns the compilation; callers check ok().
std::unique_ptr<Compilation> compile_and_report(const std::string& path, const CompileOptions& options = {});

/// Registers `-O LEVEL` on `cmd`: 1 (the default) runs the optimiser, 0 does not.
void add_optimize_option(CLI::App& cmd, CompileOptions& options);

}  // namespace graphc::driver

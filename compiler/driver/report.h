// Shared by the subcommands: compile a file and print its diagnostics to stderr.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "compile.h"
#include "diag/render.h"

namespace graphc::driver {

/// Prints every diagnostic of `diags` to stderr (colour only when stderr is a terminal).
void report(const SourceManager& sources, const DiagEngine& diags);

/// Compiles `path` and prints every diagnostic (colour only when stderr is a terminal).
/// Returns the compilation; callers check ok().
std::unique_ptr<Compilation> compile_and_report(const std::string& path, const CompileOptions& options = {});

/// Registers on `cmd` `-O LEVEL` (1, the default, runs the optimiser; 0 does not) and
/// `--Werror` (every warning is an error) or `--Werror=race` (data races are), and
/// add_world_size_option's, add_define_option's and add_variant_option's.
void add_compile_options(CLI::App& cmd, CompileOptions& options);

/// Registers on `cmd` `--world-size N` or `NAME=N`, repeatable: the number of ranks of every
/// communicator or of one (CompileOptions::world_size, world_sizes).
void add_world_size_option(CLI::App& cmd, CompileOptions& options);

/// Registers on `cmd` `-D NAME=VALUE` / `--define NAME=VALUE`, repeatable: const NAME's value
/// (CompileOptions::defines).
void add_define_option(CLI::App& cmd, CompileOptions& options);

/// Registers on `cmd` `--variant VALUE`, the value of the file's variant dimension to build
/// for (CompileOptions::variant), and `--variants NAME=V1,V2,...`, a const made the file's
/// variant dimension (CompileOptions::variants).
void add_variant_option(CLI::App& cmd, CompileOptions& options);

/// The diagnostics of compile_variants' compilations as `graphc check` prints them: each once,
/// in the order the variants report them (ascending), one that only some variants report
/// with a note naming them ("in variant B = 1, 2 (of {1, 2, 4, 8})"), then the summary line.
std::string render_variants(const std::vector<std::unique_ptr<Compilation>>& variants, RenderOptions options = {});

/// `--topology FILE`: the machine the file is checked for (CompileOptions::topology), as
/// `graphc topology` writes it; a file that cannot be read or parsed is a usage error.
void add_topology_option(CLI::App& cmd, CompileOptions& options);

/// `--tune-matmuls` (CompileOptions::tune_matmuls), for `run` and `compile`: each cuBLASLt
/// matmul's algorithm timed on the GPU when the graph is built.
void add_tuning_option(CLI::App& cmd, CompileOptions& options);

/// What to say of `name`, which is none of `candidates`: "did you mean 'X'?" with the closest
/// (diag/spellcheck.h), else "expected one of: a, b, c".
std::string suggestion(const std::string& name, const std::vector<std::string>& candidates);

/// argv after the program name, with GCC's spellings `-Werror`, `-Werror=race` and
/// `-Wno-possible-race` written as CLI11's long options `--Werror`, `--Werror=race` and
/// `--Wno-possible-race`.
std::vector<std::string> gcc_style_arguments(int argc, char** argv);

}  // namespace graphc::driver

// The `graphc` subcommands. Each registers its options on the CLI11 app and runs after
// parsing; the driver only wires phases together.
#pragma once

#include <CLI/CLI.hpp>

namespace graphc::driver {

/// Exit statuses of every subcommand.
enum ExitStatus : int {
  exit_ok = 0,
  exit_diagnostics = 1,  // the input has errors (diagnostics were printed)
  exit_usage = 2,        // bad command line
  exit_cuda = 3,         // a CUDA (or other runtime) failure while running a graph
};

/// Each add_* registers one subcommand whose callback stores its exit status in `status`.
void add_check(CLI::App& app, int& status);
void add_compile(CLI::App& app, int& status);
void add_dot(CLI::App& app, int& status);
void add_convert(CLI::App& app, int& status);
void add_fmt(CLI::App& app, int& status);
void add_run(CLI::App& app, int& status);       // only when graphc is built with the CUDA runtime
void add_topology(CLI::App& app, int& status);  // likewise
void add_help(CLI::App& app, int& status);      // `graphc help [COMMAND]`

}  // namespace graphc::driver

// graphc dot FILE: print the graphs as Graphviz DOT.
#include <cstdio>
#include <memory>
#include <string>

#include "backend/dot/emit_dot.h"
#include "commands.h"
#include "report.h"

namespace graphc::driver {

void add_dot(CLI::App& app, int& status) {
  struct Options {
    std::string file;
    CompileOptions compile;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("dot", "Print the graphs of a file as Graphviz DOT");
  cmd->add_option("file", options->file, "the .graph file (- reads standard input)")->required();
  add_compile_options(*cmd, options->compile);
  cmd->callback([options, &status] {
    auto compilation = compile_and_report(options->file, options->compile);
    if (!compilation->ok()) {
      status = exit_diagnostics;
      return;
    }
    std::fputs(backend::emit_dot(compilation->module).c_str(), stdout);
    status = exit_ok;
  });
}

}  // namespace graphc::driver

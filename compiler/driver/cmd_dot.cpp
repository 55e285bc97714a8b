// graphc dot FILE [--graph NAME] [-o OUT]: the graphs as Graphviz DOT (one digraph each, or
// only NAME's), to standard output or OUT.
#include <memory>
#include <string>

#include "backend/dot/emit_dot.h"
#include "commands.h"
#include "graph_by_name.h"
#include "report.h"
#include "write_file.h"

namespace graphc::driver {

void add_dot(CLI::App& app, int& status) {
  struct Options {
    std::string file;
    std::string output;
    std::string graph;
    CompileOptions compile;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("dot", "Print the graphs of a file as Graphviz DOT");
  cmd->add_option("file", options->file, "the .graph file (- reads standard input)")->required();
  cmd->add_option("--graph", options->graph, "print only this graph (default: every graph, imported ones too)");
  cmd->add_option("-o,--output", options->output, "the file to write (default: standard output)");
  add_compile_options(*cmd, options->compile);
  cmd->callback([options, &status] {
    auto compilation = compile_and_report(options->file, options->compile);
    if (!compilation->ok()) {
      status = exit_diagnostics;
      return;
    }
    std::string dot;
    if (options->graph.empty()) {
      dot = backend::emit_dot(compilation->module);
    } else if (const ir::Graph* graph = graph_by_name(compilation->module, options->graph)) {
      dot = backend::emit_dot(*graph);
    } else {
      status = exit_usage;
      return;
    }
    status = write_or_print(options->output, dot) ? exit_ok : exit_diagnostics;
  });
}

}  // namespace graphc::driver

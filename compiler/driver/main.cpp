// graphc: the command-line driver. Wires the subcommands; each lives in its cmd_*.cpp.
#include <algorithm>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "report.h"

int main(int argc, char** argv) {
  using namespace graphc::driver;
  CLI::App app{"graphc: declarative CUDA Graphs, checked, built at run time or compiled to C++"};
  app.require_subcommand(1);
  int status = exit_ok;
  add_check(app, status);
  add_compile(app, status);
  add_dot(app, status);
  add_convert(app, status);
  add_fmt(app, status);
#ifdef GRAPHC_HAVE_RUNTIME
  add_run(app, status);
#endif
  try {
    std::vector<std::string> args = gcc_style_arguments(argc, argv);
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? exit_ok : exit_usage;
  }
  return status;
}

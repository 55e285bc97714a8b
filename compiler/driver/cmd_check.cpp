// graphc check FILE [--emit=ir]: parse and validate; optionally print the IR dump.
#include <cstdio>
#include <memory>
#include <string>

#include "commands.h"
#include "ir/dump.h"
#include "report.h"

namespace graphc::driver {

void add_check(CLI::App& app, int& status) {
  struct Options {
    std::string file;
    std::string emit;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("check", "Parse and validate a graph file; print its diagnostics");
  cmd->add_option("file", options->file, "the .graph file")->required();
  cmd->add_option("--emit", options->emit, "also print an intermediate form: ir")->check(CLI::IsMember({"ir"}));
  cmd->callback([options, &status] {
    auto compilation = compile_and_report(options->file);
    if (!compilation->ok()) {
      status = exit_diagnostics;
      return;
    }
    if (options->emit == "ir") std::fputs(ir::dump(compilation->module, compilation->sources).c_str(), stdout);
    status = exit_ok;
  });
}

}  // namespace graphc::driver

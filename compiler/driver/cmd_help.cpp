// graphc help [COMMAND]: what `graphc --help` or `graphc COMMAND --help` prints, as git and
// go take it; a COMMAND that is none of graphc's is an error naming them.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "report.h"

namespace graphc::driver {

void add_help(CLI::App& app, int& status) {
  auto command = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("help", "Print the help of graphc, or of one command");
  cmd->add_option("COMMAND", *command, "the command whose options to list");
  cmd->callback([&app, &status, command] {
    if (command->empty()) {
      // app.help() would print the help of the command parsed, this one.
      std::fputs(app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal).c_str(), stdout);
      status = exit_ok;
      return;
    }
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->get_name() == *command) {
        std::fputs(sub->help(app.get_name()).c_str(), stdout);
        status = exit_ok;
        return;
      }
      names.push_back(sub->get_name());
    }
    std::fprintf(stderr, "%s: error: unknown command '%s'; %s\n", app.get_name().c_str(), command->c_str(),
                 suggestion(*command, names).c_str());
    status = exit_usage;
  });
}

}  // namespace graphc::driver

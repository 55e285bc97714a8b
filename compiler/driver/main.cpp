// graphc: the command-line driver. Wires the subcommands; each lives in its cmd_*.cpp.
#include <algorithm>
#include <cctype>
#include <cstdio>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands.h"
#include "report.h"

namespace {

// The first argument that is not an option names the subcommand (graphc's own options are
// flags). CLI11 would take a mistyped one for an extra argument; this names it and the
// closest command instead. Whether it reported one.
bool unknown_command(const CLI::App& app, const std::vector<std::string>& args) {
  const auto first = std::find_if(args.begin(), args.end(), [](const std::string& a) { return !a.starts_with('-'); });
  if (first == args.end()) return false;
  std::vector<std::string> commands;
  for (const CLI::App* command : app.get_subcommands({})) commands.push_back(command->get_name());
  if (std::find(commands.begin(), commands.end(), *first) != commands.end()) return false;
  std::fprintf(stderr, "graphc: error: unknown command '%s'; %s\n", first->c_str(),
               graphc::driver::suggestion(*first, commands).c_str());
  return true;
}

// A command-line error as compilers print one, `graphc: error: ...`, lowercase as graphc's
// diagnostics are (CLI11 capitalises its sentences; a name in capitals keeps them), then
// where the options of the command being parsed are listed.
std::string failure_message(const CLI::App* app, const CLI::Error& e) {
  std::string what = e.what();
  if (what.size() > 1 && std::isupper(static_cast<unsigned char>(what[0])) != 0 &&
      std::islower(static_cast<unsigned char>(what[1])) != 0) {
    what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
  }
  std::string command = app->get_name();
  for (const CLI::App* sub : app->get_subcommands()) command += " " + sub->get_name();
  return fmt::format("{}: error: {}\nrun '{} --help' for the options\n", app->get_name(), what, command);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace graphc::driver;
  // Named, so that usage lines and errors say `graphc` (CLI11 takes argv[0] only from argc/argv).
  CLI::App app{"graphc: declarative CUDA Graphs, checked, built at run time or compiled to C++", "graphc"};
  app.failure_message(failure_message);
  app.require_subcommand(1);
  app.set_version_flag("--version", "graphc " GRAPHC_VERSION);
  int status = exit_ok;
  add_check(app, status);
  add_compile(app, status);
  add_dot(app, status);
  add_convert(app, status);
  add_fmt(app, status);
#ifdef GRAPHC_HAVE_RUNTIME
  add_run(app, status);
  add_topology(app, status);
#endif
  add_help(app, status);
  std::vector<std::string> args = gcc_style_arguments(argc, argv);
  if (unknown_command(app, args)) return exit_usage;
  try {
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? exit_ok : exit_usage;
  }
  return status;
}

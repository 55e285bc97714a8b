// graphc dot FILE [--graph NAME] [--profile TRACE.json] [-o OUT]: the graphs as Graphviz DOT
// (one digraph each, or only NAME's), to standard output or OUT. With --profile, the profiled
// graph alone, each node coloured and labelled with its device time from the trace that
// `graphc run --trace` wrote.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "backend/dot/emit_dot.h"
#include "commands.h"
#include "graph_by_name.h"
#include "profile/chrome_trace.h"
#include "profile/node_totals.h"
#include "report.h"
#include "write_file.h"

namespace graphc::driver {
namespace {

// The device time per launch of each node of the profile in trace file `path`; nullopt, said
// on standard error, when it cannot be read.
std::optional<Profile> read_profile(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "graphc: error: cannot read the profile '%s'\n", path.c_str());
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    return profile::read_chrome_trace(text.str());
  } catch (const profile::TraceError& e) {
    std::fprintf(stderr, "graphc: error: %s: %s (expected a trace `graphc run --trace` wrote)\n", path.c_str(),
                 e.what());
    return std::nullopt;
  }
}

backend::DotTimes dot_times(const Profile& profile) {
  backend::DotTimes times;
  times.title =
      fmt::format("graph '{}', {} launch{}", profile.graph, profile.launches, profile.launches == 1 ? "" : "es");
  for (const profile::NodeTotal& total : profile::node_totals(profile)) {
    times.per_launch_ns[total.node] =
        static_cast<double>(total.total_ns) / std::max<std::uint32_t>(profile.launches, 1);
  }
  return times;
}

}  // namespace

void add_dot(CLI::App& app, int& status) {
  struct Options {
    std::string file;
    std::string output;
    std::string graph;
    std::string profile;
    CompileOptions compile;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("dot", "Print the graphs of a file as Graphviz DOT");
  cmd->add_option("FILE", options->file, "the .graph file (- reads standard input)")->required();
  cmd->add_option("--graph", options->graph, "print only this graph (default: every graph, imported ones too)");
  cmd->add_option("-o,--output", options->output, "the file to write (default: standard output)");
  cmd->add_option("--profile", options->profile,
                  "colour the profiled graph's nodes by their device time in TRACE.json (graphc run --trace)");
  add_compile_options(*cmd, options->compile);
  cmd->callback([options, &status] {
    auto compilation = compile_and_report(options->file, options->compile);
    if (!compilation->ok()) {
      status = exit_diagnostics;
      return;
    }
    std::string dot;
    if (!options->profile.empty()) {
      const std::optional<Profile> profile = read_profile(options->profile);
      if (!profile) {
        status = exit_usage;
        return;
      }
      if (!options->graph.empty() && options->graph != profile->graph) {
        std::fprintf(stderr, "graphc: error: '%s' profiles graph '%s', not '%s'\n", options->profile.c_str(),
                     profile->graph.c_str(), options->graph.c_str());
        status = exit_usage;
        return;
      }
      const ir::Graph* graph = graph_by_name(compilation->module, profile->graph);
      if (graph == nullptr) {
        status = exit_usage;
        return;
      }
      const backend::DotTimes times = dot_times(*profile);
      dot = backend::emit_dot(*graph, &times);
    } else if (options->graph.empty()) {
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

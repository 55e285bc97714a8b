// graphc fmt FILE...: lay .graph files out canonically (format/format_text.h), comments
// kept. It prints the result, rewrites the files (-i), or only checks them (--check, exit
// status 1 when one is not formatted). A file is formatted only when it parses.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands.h"
#include "compile.h"
#include "format/format_text.h"
#include "frontend/text/parse_text.h"
#include "load_imports.h"
#include "report.h"
#include "write_file.h"

namespace graphc::driver {
namespace {

// The 1-based line where `a` and `b` first differ.
std::size_t first_different_line(const std::string& a, const std::string& b) {
  const auto [at, _] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  return static_cast<std::size_t>(std::count(a.begin(), at, '\n')) + 1;
}

struct FmtRequest {
  std::vector<std::string> files;
  bool check = false;
  bool in_place = false;
};

// Formats one file as `options` say; its exit status.
int format_file(const std::string& path, const FmtRequest& options) {
  if (options.in_place && path == "-") {
    std::fprintf(stderr, "graphc: error: -i rewrites files; standard input (-) is formatted to standard output\n");
    return exit_usage;
  }
  if (is_yaml_path(path)) {
    std::fprintf(
        stderr,
        "graphc: error: %s: graphc fmt lays out .graph text; for YAML, graphc convert writes the canonical form\n",
        path.c_str());
    return exit_usage;
  }
  SourceManager sources;
  DiagEngine diags;
  const std::optional<FileId> file = read_source(sources, path, diags, SourceRange{});
  if (file) frontend::parse_text(sources, *file, diags);
  report(sources, diags);
  if (diags.has_errors()) return exit_diagnostics;

  const std::string& text = sources.file(*file).text();
  const std::string formatted = format::format_text(text);
  if (options.check) {
    if (formatted == text) return exit_ok;
    std::fprintf(stderr, "%s:%zu: not formatted (graphc fmt -i %s)\n", path.c_str(),
                 first_different_line(text, formatted), path.c_str());
    return exit_diagnostics;
  }
  if (options.in_place) {
    return write_outputs([&] { write_if_changed(path, formatted); }) ? exit_ok : exit_diagnostics;
  }
  std::fputs(formatted.c_str(), stdout);
  return exit_ok;
}

}  // namespace

void add_fmt(CLI::App& app, int& status) {
  auto options = std::make_shared<FmtRequest>();
  CLI::App* cmd = app.add_subcommand("fmt", "Lay out .graph files canonically, keeping their comments");
  cmd->add_option("FILE", options->files, "the .graph files (- reads standard input)")->required();
  CLI::Option* check =
      cmd->add_flag("--check", options->check, "change nothing; exit 1 if a file is not laid out canonically");
  cmd->add_flag("-i,--in-place", options->in_place, "rewrite the files (only those that change)")->excludes(check);
  cmd->callback([options, &status] {
    status = exit_ok;
    for (const std::string& path : options->files) status = std::max(status, format_file(path, *options));
  });
}

}  // namespace graphc::driver

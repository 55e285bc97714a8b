#include "report.h"

#include <cstdio>
#include <unistd.h>

#include "diag/render.h"

namespace graphc::driver {

void report(const SourceManager& sources, const DiagEngine& diags) {
  const RenderOptions options{.color = ::isatty(STDERR_FILENO) == 1};
  std::fputs(render_all(sources, diags.sorted(), options).c_str(), stderr);
}

std::unique_ptr<Compilation> compile_and_report(const std::string& path, const CompileOptions& options) {
  auto compilation = compile_file(path, options);
  report(compilation->sources, compilation->diags);
  return compilation;
}

void add_optimize_option(CLI::App& cmd, CompileOptions& options) {
  cmd.add_option_function<int>(
         "-O", [&options](int level) { options.optimize = level > 0; },
         "optimisation level: 1 (default) leaves out the edges other paths imply, 0 keeps every edge")
      ->check(CLI::Range(0, 1));
}

}  // namespace graphc::driver

#include "report.h"

#include <cstdio>
#include <unistd.h>

#include "diag/render.h"

namespace graphc::driver {

void report(const SourceManager& sources, const DiagEngine& diags) {
  const RenderOptions options{.color = ::isatty(STDERR_FILENO) == 1};
  std::fputs(render_all(sources, diags.sorted(), options).c_str(), stderr);
}

std::unique_ptr<Compilation> compile_and_report(const std::string& path) {
  auto compilation = compile_file(path);
  report(compilation->sources, compilation->diags);
  return compilation;
}

}  // namespace graphc::driver

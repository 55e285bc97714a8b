#include "report.h"

#include <cstdio>
#include <unistd.h>

#include "diag/render.h"

namespace graphc::driver {

std::unique_ptr<Compilation> compile_and_report(const std::string& path) {
  auto compilation = compile_file(path);
  const RenderOptions options{.color = ::isatty(STDERR_FILENO) == 1};
  const std::string text = render_all(compilation->sources, compilation->diags.sorted(), options);
  std::fputs(text.c_str(), stderr);
  return compilation;
}

}  // namespace graphc::driver

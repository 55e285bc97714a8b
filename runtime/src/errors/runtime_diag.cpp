#include "errors/runtime_diag.h"

#include "diag/render.h"
#include "graphc/error.h"

namespace graphc::detail {

void raise(const SourceManager& sources, const DiagEngine& diags, const std::string& path) {
  std::string text;
  std::string code;
  for (const Diagnostic& d : diags.sorted()) {
    if (code.empty() && d.severity == Severity::error) code = std::string(code_name(d.code));
    if (d.range.valid()) {
      text += render(sources, d);
    } else {
      text += fmt::format("{}: {}[{}]: {}\n", path, d.severity == Severity::error ? "error" : "warning",
                          code_name(d.code), d.message);
    }
  }
  throw Error(std::move(text), std::move(code));
}

}  // namespace graphc::detail

#include "backend/cpp/emit_context.h"

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"

namespace graphc::backend {

std::string GraphContext::location_literal(SourceRange range) const { return string_literal(sources.location(range)); }

void GraphContext::write_at_source(CodeWriter& out, SourceRange range, std::string_view statement) const {
  if (!line_directives) {
    out.line(statement);
    return;
  }
  const SourceFile& file = sources.file(range.file);
  out.directive(fmt::format("#line {} {}", file.line_column(range.begin).line, string_literal(file.path())));
  out.line(statement);
  // The directive names the line after it.
  out.directive(fmt::format("#line {} {}", out.next_line() + 1, string_literal(generated_name)));
}

}  // namespace graphc::backend

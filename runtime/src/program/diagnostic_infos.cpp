#include "program/diagnostic_infos.h"

#include <algorithm>

#include "diag/render.h"
#include "graphc/error.h"

namespace graphc::detail {
namespace {

struct Place {
  std::string file;
  LineColumn begin;
  LineColumn end;  // of the range's last byte
};

Place place_of(const SourceManager& sources, const SourceRange& range) {
  if (!range.valid()) return {};
  const SourceFile& file = sources.file(range.file);
  return {file.path(), file.line_column(range.begin), file.line_column(std::max(range.end, range.begin + 1) - 1)};
}

}  // namespace

std::vector<DiagnosticInfo> diagnostic_infos(const SourceManager& sources, const std::vector<Diagnostic>& sorted) {
  std::vector<DiagnosticInfo> out;
  for (RenderedDiagnostic& rendered : render_each(sources, sorted)) {
    const Diagnostic& d = *rendered.diagnostic;
    const Place place = place_of(sources, d.range);
    DiagnosticInfo info{.code = std::string(code_name(d.code)),
                        .severity = d.severity == Severity::error ? "error" : "warning",
                        .file = place.file,
                        .line = static_cast<int>(place.begin.line),
                        .column = static_cast<int>(place.begin.column),
                        .end_line = static_cast<int>(place.end.line),
                        .end_column = static_cast<int>(place.end.column),
                        .message = d.message,
                        .notes = {},
                        .text = std::move(rendered.text)};
    for (const DiagNote& note : d.notes) {
      const Place at = place_of(sources, note.range);
      info.notes.push_back({at.file, static_cast<int>(at.begin.line), static_cast<int>(at.begin.column), note.message});
    }
    out.push_back(std::move(info));
  }
  return out;
}

void throw_diagnostics(const SourceManager& sources, const std::vector<Diagnostic>& sorted) {
  std::string code;
  for (const Diagnostic& d : sorted) {
    if (d.severity == Severity::error) {
      code = std::string(code_name(d.code));
      break;
    }
  }
  throw Error(render_all(sources, sorted), std::move(code), diagnostic_infos(sources, sorted));
}

}  // namespace graphc::detail

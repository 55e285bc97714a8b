// Renders diagnostics as text, compiler style:
//
//   samples/x.graph:18:15: error[E0102]: unknown node 'forwrd'
//      18 |     upload -> forwrd -> backward;
//         |               ^~~~~~
//   samples/x.graph:9:12: note: did you mean 'forward'?
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace graphc {

struct RenderOptions {
  bool color = false;  // ANSI colours; the CLI sets this only when stderr is a terminal
};

/// `text` as it may reach a terminal: each control byte but a tab or a newline (a NUL, an
/// escape, a carriage return), and DEL, written `\xNN`; every other byte as it is.
std::string printable(std::string_view text);

/// One diagnostic with its source line, caret and notes; ends with a newline. Text from the
/// input (the line, a path, a quoted name) goes through printable().
std::string render(const SourceManager& sources, const Diagnostic& diagnostic, RenderOptions options = {});
/// A diagnostic as render_all prints it: `diagnostic` (the first of the loop copies it
/// stands for) and its rendered text.
struct RenderedDiagnostic {
  const Diagnostic* diagnostic;
  std::string text;
};
/// The diagnostics render_all prints, in its order, without its summary line.
std::vector<RenderedDiagnostic> render_each(const SourceManager& sources, const std::vector<Diagnostic>& diagnostics,
                                            RenderOptions options = {});

/// Every diagnostic in order, then a summary line ("2 errors, 1 warning") when any exist.
/// Copies of one diagnostic from several iterations of `for` loops are rendered once, its
/// note naming the iterations ("in iterations j = 0, 1 and i = 0, 1, ..., 7 of these loops"),
/// and counted once; of the errors so folded, the first DiagEngine::max_errors are rendered.
std::string render_all(const SourceManager& sources, const std::vector<Diagnostic>& diagnostics,
                       RenderOptions options = {});

/// render_all's summary line ("2 errors, 1 warning\n"); empty for none.
std::string summary_line(std::size_t errors, std::size_t warnings);

/// A note without a place, as render prints one: "note: message\n".
std::string render_note(std::string_view message, RenderOptions options = {});

}  // namespace graphc

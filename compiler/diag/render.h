// Renders diagnostics as text, compiler style:
//
//   samples/x.graph:18:15: error[E0102]: unknown node 'forwrd'
//      18 |     upload -> forwrd -> backward;
//         |               ^~~~~~
//   samples/x.graph:9:12: note: did you mean 'forward'?
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.h"

namespace graphc {

struct RenderOptions {
  bool color = false;  // ANSI colours; the CLI sets this only when stderr is a terminal
};

/// One diagnostic with its source line, caret and notes; ends with a newline.
std::string render(const SourceManager& sources, const Diagnostic& diagnostic, RenderOptions options = {});
/// Every diagnostic in order, then a summary line ("2 errors, 1 warning") when any exist.
std::string render_all(const SourceManager& sources, const std::vector<Diagnostic>& diagnostics,
                       RenderOptions options = {});

}  // namespace graphc

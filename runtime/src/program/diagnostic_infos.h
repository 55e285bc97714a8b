// A compilation's diagnostics as graphc::DiagnosticInfo, each with the text render_all
// prints for it: Program::check, and the graphc::Error of a load that failed.
#pragma once

#include <vector>

#include "diag/diagnostic.h"
#include "graphc/diagnostic_info.h"
#include "source/source.h"

namespace graphc::detail {

/// `sorted` (DiagEngine::sorted()) as render_all prints them: loop copies folded, the error
/// cap kept.
std::vector<DiagnosticInfo> diagnostic_infos(const SourceManager& sources, const std::vector<Diagnostic>& sorted);

/// Throws `sorted` (which holds an error) as graphc::Error: render_all's text, the first
/// error's code, every diagnostic as a DiagnosticInfo. What a load that failed throws.
[[noreturn]] void throw_diagnostics(const SourceManager& sources, const std::vector<Diagnostic>& sorted);

}  // namespace graphc::detail

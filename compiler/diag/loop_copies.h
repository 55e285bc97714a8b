// A `for` loop's copies of one diagnostic, folded into one: the front end expands a loop into
// a copy of its items per iteration, so a mistake in the loop's text is reported once per
// iteration, alike but for the iteration's note. Rendered once, its note names them all.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace graphc {

/// A diagnostic to render, and the values of its innermost loop's variable in the
/// iterations it stands for (empty: it stands for its own iteration only, or is in none).
struct FoldedDiagnostic {
  const Diagnostic* diagnostic;
  std::vector<std::int64_t> values;
};

/// `diagnostics` in their order, each diagnostic reported alike (code, message, place in
/// the loop's text and notes) by several iterations of one loop folded into the first.
std::vector<FoldedDiagnostic> fold_loop_copies(const SourceManager& sources,
                                               const std::vector<Diagnostic>& diagnostics);

/// "i = 3"; "i = 0, 1, ..., 7"; "i = 1, 4, 6": a run of four or more values as its first
/// two and its last. `values` sorted, without repeats.
std::string iteration_values(std::string_view variable, const std::vector<std::int64_t>& values);

}  // namespace graphc

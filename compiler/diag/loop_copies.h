// A `for` loop's copies of one diagnostic, folded into one: the front end expands a loop into
// a copy of its items per iteration, so a mistake in the loop's text is reported once per
// iteration, alike but for the iteration's note. Rendered once, its note names them all, the
// iterations of every loop around it (nested loops fold together).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"

namespace graphc {

/// A diagnostic to render, and the iterations it stands for: each the values of the loops
/// around it, outermost first (empty: it stands for its own iteration only, or is in none).
struct FoldedDiagnostic {
  const Diagnostic* diagnostic;
  std::vector<std::vector<std::int64_t>> iterations;
};

/// `diagnostics` in their order, each diagnostic reported alike (code, message, place in
/// the loops' text and notes) by several iterations of the loops around it folded into the
/// first.
std::vector<FoldedDiagnostic> fold_loop_copies(const SourceManager& sources,
                                               const std::vector<Diagnostic>& diagnostics);

/// The iterations a folded diagnostic stands for at `file` (its own iteration, or one of a
/// loop around it, where a note may point), and the loops they are of, outermost first.
struct FoldedIterations {
  std::string text;                         // "j = 0, 1 and i = 0, 1, ..., 7"; empty: one iteration
  std::vector<const LoopIteration*> loops;  // the diagnostic's iterations of those loops
};
FoldedIterations folded_iterations(const SourceManager& sources, const FoldedDiagnostic& folded, FileId file);

/// "i = 3"; "i = 0, 1, ..., 7"; "i = 1, 4, 6": a run of four or more values as its first
/// two and its last. `values` sorted, without repeats.
std::string iteration_values(std::string_view variable, const std::vector<std::int64_t>& values);

/// Iterations of nested loops (`variables` and each tuple's values outermost first; sorted,
/// without repeats): "j = 0, 1 and i = 0, 1, ..., 7" where they are every pair of the two
/// sets, else one such part per set of outer values that share their inner ones, joined by
/// "; " ("j = 0 and i = 0, 1; j = 1 and i = 0"), parenthesized where nested deeper.
std::string iteration_tuples(const std::vector<std::string>& variables,
                             const std::vector<std::vector<std::int64_t>>& tuples);

}  // namespace graphc

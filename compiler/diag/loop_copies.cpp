#include "diag/loop_copies.h"

#include <algorithm>

#include <fmt/format.h>

namespace graphc {
namespace {

// Whether `b` is `a` reported by another iteration of the same loop: the same loop (and
// the same iterations of the loops around it), code, message and place in the loop's text,
// and notes alike, a note in the diagnostic's own iteration matching one in the other's.
bool copies(const SourceManager& sources, const Diagnostic& a, const Diagnostic& b) {
  const LoopIteration* ia = sources.iteration(a.range.file);
  const LoopIteration* ib = sources.iteration(b.range.file);
  if (ia == nullptr || ib == nullptr || a.range.file == b.range.file || ia->loop != ib->loop) return false;
  if (a.code != b.code || a.severity != b.severity || a.message != b.message || a.range.begin != b.range.begin ||
      a.range.end != b.range.end || a.notes.size() != b.notes.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.notes.size(); ++i) {
    const SourceRange& na = a.notes[i].range;
    const SourceRange& nb = b.notes[i].range;
    const bool same_file = na.file == nb.file || (na.file == a.range.file && nb.file == b.range.file);
    if (!same_file || na.begin != nb.begin || na.end != nb.end || a.notes[i].message != b.notes[i].message) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::vector<FoldedDiagnostic> fold_loop_copies(const SourceManager& sources,
                                               const std::vector<Diagnostic>& diagnostics) {
  std::vector<FoldedDiagnostic> out;
  std::vector<bool> folded(diagnostics.size(), false);
  for (std::size_t i = 0; i < diagnostics.size(); ++i) {
    if (folded[i]) continue;
    FoldedDiagnostic& f = out.emplace_back(FoldedDiagnostic{&diagnostics[i], {}});
    const LoopIteration* first = sources.iteration(diagnostics[i].range.file);
    if (first == nullptr) continue;
    f.values.push_back(first->value);
    for (std::size_t j = i + 1; j < diagnostics.size(); ++j) {
      if (folded[j] || !copies(sources, diagnostics[i], diagnostics[j])) continue;
      folded[j] = true;
      f.values.push_back(sources.iteration(diagnostics[j].range.file)->value);
    }
    std::sort(f.values.begin(), f.values.end());
    f.values.erase(std::unique(f.values.begin(), f.values.end()), f.values.end());
    if (f.values.size() == 1) f.values.clear();
  }
  return out;
}

std::string iteration_values(std::string_view variable, const std::vector<std::int64_t>& values) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < values.size();) {
    std::size_t run = 1;  // values[i], values[i] + 1, ...
    while (i + run < values.size() && values[i + run] == values[i] + static_cast<std::int64_t>(run)) ++run;
    if (run >= 4) {
      parts.push_back(fmt::format("{}, {}, ..., {}", values[i], values[i] + 1, values[i + run - 1]));
    } else {
      for (std::size_t k = 0; k < run; ++k) parts.push_back(std::to_string(values[i + k]));
    }
    i += run;
  }
  return fmt::format("{} = {}", variable, fmt::join(parts, ", "));
}

}  // namespace graphc

#include "diag/loop_copies.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

namespace graphc {
namespace {

// `file`, then the iterations (or the file) each loop around it is written in, out to the file.
std::vector<FileId> files_around(const SourceManager& sources, FileId file) {
  std::vector<FileId> out{file};
  for (const LoopIteration* it = sources.iteration(file); it != nullptr; it = sources.iteration(it->loop.file)) {
    out.push_back(it->loop.file);
  }
  return out;
}

// The iterations `file` is in, innermost first.
std::vector<const LoopIteration*> iterations_around(const SourceManager& sources, FileId file) {
  std::vector<const LoopIteration*> out;
  for (const LoopIteration* it = sources.iteration(file); it != nullptr; it = sources.iteration(it->loop.file)) {
    out.push_back(it);
  }
  return out;
}

// How many loops out from `a`'s own iteration `file` is (0: that iteration), or -1.
std::ptrdiff_t depth_of(const std::vector<FileId>& around, FileId file) {
  const auto at = std::find(around.begin(), around.end(), file);
  return at == around.end() ? -1 : at - around.begin();
}

// Whether `b` is `a` reported by other iterations of the same loops: in copies of the same
// loops' text (each loop at the same place, in the same file), the same code, message and
// place, and notes alike, a note in an iteration around `a` matching one in the iteration as
// many loops out around `b` (and one elsewhere, in the same file).
bool copies(const SourceManager& sources, const Diagnostic& a, const Diagnostic& b) {
  if (a.range.file == b.range.file || !SourceManager::is_iteration(a.range.file)) return false;
  const std::vector<FileId> around_a = files_around(sources, a.range.file);
  const std::vector<FileId> around_b = files_around(sources, b.range.file);
  if (around_a.size() != around_b.size() || around_a.back() != around_b.back()) return false;
  for (std::size_t i = 0; i + 1 < around_a.size(); ++i) {
    const SourceRange& la = sources.iteration(around_a[i])->loop;
    const SourceRange& lb = sources.iteration(around_b[i])->loop;
    if (la.begin != lb.begin || la.end != lb.end) return false;
  }
  if (a.code != b.code || a.severity != b.severity || a.message != b.message || a.range.begin != b.range.begin ||
      a.range.end != b.range.end || a.notes.size() != b.notes.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.notes.size(); ++i) {
    const SourceRange& na = a.notes[i].range;
    const SourceRange& nb = b.notes[i].range;
    const std::ptrdiff_t depth = depth_of(around_a, na.file);
    const bool same_file = depth == depth_of(around_b, nb.file) && (depth >= 0 || na.file == nb.file);
    if (!same_file || na.begin != nb.begin || na.end != nb.end || a.notes[i].message != b.notes[i].message) {
      return false;
    }
  }
  return true;
}

// The values of the loops around `file`, outermost first.
std::vector<std::int64_t> values_around(const SourceManager& sources, FileId file) {
  std::vector<std::int64_t> out;
  for (const LoopIteration* it : iterations_around(sources, file)) out.insert(out.begin(), it->value);
  return out;
}

void sort_unique(std::vector<std::vector<std::int64_t>>& tuples) {
  std::sort(tuples.begin(), tuples.end());
  tuples.erase(std::unique(tuples.begin(), tuples.end()), tuples.end());
}

}  // namespace

std::vector<FoldedDiagnostic> fold_loop_copies(const SourceManager& sources,
                                               const std::vector<Diagnostic>& diagnostics) {
  std::vector<FoldedDiagnostic> out;
  // The folded diagnostics in iterations by what copies share (code, place and message), so
  // that a loop of many iterations folds in linear time.
  std::unordered_map<std::string, std::vector<std::size_t>> alike;
  for (const Diagnostic& d : diagnostics) {
    if (!SourceManager::is_iteration(d.range.file)) {
      out.push_back(FoldedDiagnostic{&d, {}});
      continue;
    }
    std::vector<std::size_t>& candidates = alike[loop_copy_key(d)];
    const auto folded = std::find_if(candidates.begin(), candidates.end(),
                                     [&](std::size_t i) { return copies(sources, *out[i].diagnostic, d); });
    if (folded != candidates.end()) {
      out[*folded].iterations.push_back(values_around(sources, d.range.file));
      continue;
    }
    candidates.push_back(out.size());
    out.push_back(FoldedDiagnostic{&d, {values_around(sources, d.range.file)}});
  }
  for (FoldedDiagnostic& f : out) {
    sort_unique(f.iterations);
    if (f.iterations.size() == 1) f.iterations.clear();
  }
  return out;
}

FoldedIterations folded_iterations(const SourceManager& sources, const FoldedDiagnostic& folded, FileId file) {
  const std::ptrdiff_t depth = depth_of(files_around(sources, folded.diagnostic->range.file), file);
  std::vector<const LoopIteration*> loops = iterations_around(sources, file);
  if (depth < 0 || folded.iterations.empty() || loops.empty()) return {};
  std::reverse(loops.begin(), loops.end());
  // The loops around `file` are the outermost of the diagnostic's: its values' first ones.
  std::vector<std::vector<std::int64_t>> tuples;
  for (const std::vector<std::int64_t>& values : folded.iterations) {
    tuples.emplace_back(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(loops.size()));
  }
  sort_unique(tuples);
  if (tuples.size() == 1) return {};
  std::vector<std::string> variables;
  for (const LoopIteration* it : loops) variables.push_back(it->variable);
  return {iteration_tuples(variables, tuples), std::move(loops)};
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

std::string iteration_tuples(const std::vector<std::string>& variables,
                             const std::vector<std::vector<std::int64_t>>& tuples) {
  if (variables.size() == 1) {
    std::vector<std::int64_t> values;
    for (const std::vector<std::int64_t>& t : tuples) values.push_back(t.front());
    return iteration_values(variables.front(), values);
  }
  // Each outer value's inner iterations; then the outer values that share them, in order.
  std::map<std::int64_t, std::vector<std::vector<std::int64_t>>> inner;
  for (const std::vector<std::int64_t>& t : tuples) inner[t.front()].emplace_back(t.begin() + 1, t.end());
  std::vector<std::pair<std::vector<std::int64_t>, const std::vector<std::vector<std::int64_t>>*>> groups;
  for (const auto& [value, rest] : inner) {
    const auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return *g.second == rest; });
    if (group != groups.end()) {
      group->first.push_back(value);
    } else {
      groups.emplace_back(std::vector<std::int64_t>{value}, &rest);
    }
  }
  const std::vector<std::string> inner_variables(variables.begin() + 1, variables.end());
  std::vector<std::string> parts;
  for (const auto& [values, rest] : groups) {
    std::string text = iteration_tuples(inner_variables, *rest);
    if (text.find(';') != std::string::npos) text = fmt::format("({})", text);
    parts.push_back(fmt::format("{} and {}", iteration_values(variables.front(), values), text));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace graphc

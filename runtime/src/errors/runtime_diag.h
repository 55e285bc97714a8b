// Runtime diagnostics: the Rxxxx rows of codes.def, thrown as graphc::Error rendered
// exactly as the compiler renders its diagnostics (file:line:col, source line, caret,
// notes), with code() set to the code.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/spellcheck.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::detail {

/// Throws graphc::Error for the one error in `diags`. A diagnostic with no source range
/// is reported under `path` (the .graph file) without line and column.
[[noreturn]] void raise(const SourceManager& sources, const DiagEngine& diags, const std::string& path);

/// Reports `code` at `range` with the format arguments of its row and throws it.
template <class... Args>
[[noreturn]] void fail(const SourceManager& sources, const std::string& path, DiagCode code, SourceRange range,
                       Args&&... args) {
  DiagEngine diags;
  diags.report(code, range, std::forward<Args>(args)...);
  raise(sources, diags, path);
}

/// Throws `code` (a "graph '{}' has no ... '{}'" row) at `graph`'s name for `name`, with
/// a "did you mean" note at the closest of the `declared` items (buffers, params, nodes).
template <class Item>
[[noreturn]] void fail_unknown(const SourceManager& sources, const std::string& path, DiagCode code,
                               const ir::Graph& graph, std::string_view name, const std::vector<Item>& declared) {
  DiagEngine diags;
  Diagnostic& d = diags.report(code, graph.name_range, graph.name, name);
  std::vector<std::string> names;
  for (const Item& item : declared) names.push_back(item.name);
  if (const std::optional<std::string> close = closest_name(name, names)) {
    for (const Item& item : declared) {
      if (item.name == *close) d.note<NoteCode::did_you_mean>(item.name_range, *close);
    }
  }
  raise(sources, diags, path);
}

}  // namespace graphc::detail

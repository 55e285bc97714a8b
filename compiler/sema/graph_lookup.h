// A graph named by another graph (`@g`, `call n : g`), found in the module or reported.
#pragma once

#include <optional>
#include <string_view>
#include <unordered_map>

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::sema {

/// The module's graphs by name, indexed once: a file may hold a hundred thousand graphs
/// and as many calls, so a lookup must not walk them all.
class GraphLookup {
 public:
  /// `module`'s graph names must not change while the lookup is used.
  explicit GraphLookup(const ir::Module& module);

  /// The graph `name` (the first of that name), or E0110 at `range` with the closest
  /// graph's name as a suggestion.
  std::optional<ir::GraphId> find_or_report(DiagEngine& diags, SourceRange range, std::string_view name) const;

 private:
  const ir::Module& module_;
  std::unordered_map<std::string_view, ir::GraphId> ids_;
};

}  // namespace graphc::sema

#include "sema/graph_lookup.h"

#include <string>
#include <vector>

#include "diag/spellcheck.h"

namespace graphc::sema {

GraphLookup::GraphLookup(const ir::Module& module) : module_(module) {
  for (std::uint32_t g = 0; g < module.graphs.size(); ++g) ids_.emplace(module.graphs[g].name, ir::GraphId{g});
}

std::optional<ir::GraphId> GraphLookup::find_or_report(DiagEngine& diags, SourceRange range,
                                                       std::string_view name) const {
  if (const auto it = ids_.find(name); it != ids_.end()) return it->second;
  Diagnostic& d = diags.report(DiagCode::unknown_graph, range, name);
  std::vector<std::string> names;
  for (const ir::Graph& g : module_.graphs) names.push_back(g.name);
  if (const auto guess = closest_name(std::string(name), names)) {
    d.note<NoteCode::did_you_mean>(module_.graph(ids_.at(*guess)).name_range, *guess);
  }
  return std::nullopt;
}

}  // namespace graphc::sema

#include "sema/graph_lookup.h"

#include <string>
#include <vector>

#include "diag/spellcheck.h"

namespace graphc::sema {

std::optional<ir::GraphId> find_graph_or_report(const ir::Module& module, DiagEngine& diags, SourceRange range,
                                                std::string_view name) {
  if (const std::optional<ir::GraphId> id = module.find_graph(name)) return id;
  Diagnostic& d = diags.report(DiagCode::unknown_graph, range, name);
  std::vector<std::string> names;
  for (const ir::Graph& g : module.graphs) names.push_back(g.name);
  if (const auto guess = closest_name(std::string(name), names)) {
    d.note(module.graph(*module.find_graph(*guess)).name_range, "did you mean '{}'?", *guess);
  }
  return std::nullopt;
}

}  // namespace graphc::sema

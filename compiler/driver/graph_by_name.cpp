#include "graph_by_name.h"

#include <cstdio>
#include <vector>

#include "report.h"

namespace graphc::driver {

const ir::Graph* graph_by_name(const ir::Module& module, const std::string& name) {
  if (const auto id = module.find_graph(name)) return &module.graph(*id);
  std::vector<std::string> names;
  for (const ir::Graph& graph : module.graphs) names.push_back(graph.name);
  std::fprintf(stderr, "graphc: error: '%s' has no graph '%s'; %s\n", module.path.c_str(), name.c_str(),
               suggestion(name, names).c_str());
  return nullptr;
}

}  // namespace graphc::driver

#include "backend/cpp/cpp_support.h"

namespace graphc::backend {

bool check_cpp_support(const ir::Module& module, DiagEngine& diags) {
  bool ok = true;
  for (const ir::Graph& graph : module.graphs) {
    for (const ir::Node& node : graph.nodes) {
      if (node.config_params.empty()) continue;
      const ir::Param& param = graph.param(node.config_params.front());
      diags.report(DiagCode::config_param_not_generated, node.name_range, param.name, node.name)
          .note(param.name_range, "'{}' is declared here", param.name);
      ok = false;
    }
  }
  return ok;
}

}  // namespace graphc::backend

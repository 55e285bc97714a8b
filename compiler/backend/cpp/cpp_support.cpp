#include "backend/cpp/cpp_support.h"

#include <string>
#include <variant>

#include <fmt/format.h>

namespace graphc::backend {
namespace {

bool is_half(ir::ScalarType type) { return type == ir::ScalarType::f16 || type == ir::ScalarType::bf16; }

// Why node `node`'s configuration cannot be computed in C++ (graphc::config's arithmetic
// takes the standard arithmetic types), with the param to blame; empty when it can.
std::pair<std::string, const ir::Param*> half_configuration(const ir::Graph& graph, const ir::Node& node) {
  for (const ir::ParamId id : node.config_params) {
    const ir::Param& param = graph.param(id);
    if (is_half(param.type)) return {fmt::format("through its {} value", ir::type_name(param.type)), &param};
  }
  if (const auto* memset = std::get_if<ir::MemsetNode>(&node.op)) {
    const ir::Buffer& buffer = graph.buffer(memset->dst.id);
    if (is_half(ir::component_type(buffer.type)) && !node.config_params.empty()) {
      return {fmt::format("into the {} elements of '{}'", ir::type_name(buffer.type), buffer.name),
              &graph.param(node.config_params.front())};
    }
  }
  return {{}, nullptr};
}

}  // namespace

bool check_cpp_support(const ir::Module& module, DiagEngine& diags) {
  bool ok = true;
  for (const ir::Graph& graph : module.graphs) {
    for (const ir::Node& node : graph.nodes) {
      const auto [why, param] = half_configuration(graph, node);
      if (param == nullptr) continue;
      diags.report(DiagCode::config_param_not_generated, node.name_range, param->name, node.name, why)
          .note<NoteCode::declared_here>(param->name_range, param->name);
      ok = false;
    }
  }
  return ok;
}

}  // namespace graphc::backend

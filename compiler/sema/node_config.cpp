#include "sema/node_config.h"

namespace graphc::sema {

bool fold_node_config(const ConfigContext& ctx, ir::Node& node) {
  std::vector<ir::ParamId> used;
  bool ok = true;
  if (auto* kernel = std::get_if<ir::KernelNode>(&node.op)) ok = fold_launch_config(ctx, *kernel, used);
  if (auto* copy = std::get_if<ir::CopyNode>(&node.op)) ok = fold_copy(ctx, node, *copy, used);
  if (auto* memset = std::get_if<ir::MemsetNode>(&node.op)) ok = fold_memset(ctx, *memset, used);
  node.config_params = std::move(used);
  return ok;
}

ConfigRefolder::ConfigRefolder(const ir::Graph& graph)
    : graph_(&graph),
      scope_([&] {
        DiagEngine none;  // the graph analyzed without errors: no duplicate names
        return Scope::build(graph, none);
      }()),
      buffer_ok_(graph.buffers.size(), true) {
  for (const ir::Param& param : graph.params) params_.push_back(param.folded_default);
}

void ConfigRefolder::set_param_value(ir::ParamId id, const ir::Scalar& value) { params_.at(id.value) = value; }

bool ConfigRefolder::fold(std::span<ir::Node* const> nodes, DiagEngine& diags) const {
  Folder folder(*graph_, scope_, diags);
  for (std::uint32_t p = 0; p < params_.size(); ++p) folder.set_param_value(ir::ParamId{p}, params_[p]);
  bool ok = true;
  for (ir::Node* node : nodes) ok = fold_node_config({*graph_, folder, diags, buffer_ok_}, *node) && ok;
  return ok;
}

}  // namespace graphc::sema

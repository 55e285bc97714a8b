#include "build/configure_nodes.h"

#include <algorithm>
#include <memory>

#include "errors/runtime_diag.h"
#include "modules/shared_memory.h"

namespace graphc::detail {

const ir::Node& configured_node(const ir::Graph& graph, const BuiltGraph& built, std::size_t i) {
  return built.configured.size() > i && built.configured[i] ? *built.configured[i] : graph.nodes[i];
}

void configure_nodes_shared_memory(const ProgramState& program, const std::vector<ResolvedFunctions>& functions,
                                   const BuiltGraph& built, const std::vector<std::size_t>& nodes) {
  const ir::Graph& graph = program.module().graph(built.graph_id);
  const bool needed = std::any_of(nodes.begin(), nodes.end(), [&](std::size_t i) {
    const auto* kernel = std::get_if<ir::KernelNode>(&configured_node(graph, built, i).op);
    return kernel != nullptr && needs_shared_memory_attribute(*kernel);
  });
  if (!needed) return;
  configure_shared_memory(program, graph, functions.at(built.graph_id.value).kernels,
                          [&](std::size_t i) -> const ir::Node& { return configured_node(graph, built, i); });
}

std::vector<ir::Node*> configured_copies(const ir::Graph& graph, BuiltGraph& built,
                                         const std::vector<std::size_t>& nodes) {
  built.configured.resize(graph.nodes.size());
  std::vector<ir::Node*> out;
  for (const std::size_t i : nodes) {
    if (!built.configured[i]) built.configured[i] = graph.nodes[i];
    out.push_back(&*built.configured[i]);
  }
  return out;
}

void configure_nodes(const ProgramState& program, const std::vector<ResolvedFunctions>& functions,
                     const std::vector<Slot>& params, BuiltGraph& built) {
  const ir::Graph& graph = program.module().graph(built.graph_id);
  std::vector<std::size_t> nodes;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    if (!graph.nodes[i].config_params.empty()) nodes.push_back(i);
  }
  if (nodes.empty()) return;
  built.refolder = std::make_unique<sema::ConfigRefolder>(graph);
  for (std::uint32_t p = 0; p < graph.params.size(); ++p) {
    built.refolder->set_param_value(ir::ParamId{p},
                                    ir::Scalar::from_bytes(graph.params[p].type, params.at(p).bytes.data()));
  }
  DiagEngine found;
  if (!built.refolder->fold(configured_copies(graph, built, nodes), found))
    raise(program.sources(), found, program.path);
  configure_nodes_shared_memory(program, functions, built, nodes);
}

void require_no_parameter_config(const ProgramState& program, ir::GraphId id) {
  const ir::Graph& graph = program.module().graph(id);
  for (const ir::Node& node : graph.nodes) {
    for (const ir::ParamId param : node.config_params) {
      if (!graph.is_parameter(param)) continue;
      DiagEngine diags;
      diags.report(DiagCode::parameter_configures_node, node.name_range, graph.name, graph.param(param).name, node.name)
          .note<NoteCode::declared_here>(graph.param(param).name_range, graph.param(param).name);
      raise(program.sources(), diags, program.path);
    }
  }
}

}  // namespace graphc::detail

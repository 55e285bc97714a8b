#include "refold.h"

#include <algorithm>

#include "runtime_diag.h"
#include "shared_memory.h"

namespace graphc::detail {
namespace {

// A kernel among `folded` (the new configurations of `nodes`) that asks for more than
// 48 KiB of shared memory gets the attribute raised to what the graph's nodes ask now
// (R0009 over the device's limit).
void configure_shared_memory(const InstanceState& state, const std::vector<std::size_t>& nodes,
                             const std::vector<ir::Node>& folded) {
  const bool needed = std::any_of(folded.begin(), folded.end(), [](const ir::Node& node) {
    const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    return kernel != nullptr && needs_shared_memory_attribute(*kernel);
  });
  if (!needed) return;
  configure_shared_memory(*state.program, state.graph(), state.functions.at(state.graph_id.value).kernels,
                          [&](std::size_t i) -> const ir::Node& {
                            const auto at = std::find(nodes.begin(), nodes.end(), i);
                            return at != nodes.end() ? folded[at - nodes.begin()] : current_node(state, state.built, i);
                          });
}

}  // namespace

std::vector<std::size_t> refold_config(InstanceState& state, ir::ParamId id, const ir::Scalar& value) {
  const ir::Graph& graph = state.graph();
  std::vector<std::size_t> nodes;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const std::vector<ir::ParamId>& uses = graph.nodes[i].config_params;
    if (std::find(uses.begin(), uses.end(), id) != uses.end()) nodes.push_back(i);
  }
  if (nodes.empty()) return nodes;
  if (!state.refolder) {
    state.refolder = std::make_unique<sema::ConfigRefolder>(graph);
    state.configured.resize(graph.nodes.size());
  }
  const ir::Scalar old = state.refolder->param_value(id);
  state.refolder->set_param_value(id, value);
  DiagEngine found;
  std::vector<ir::Node> folded;
  for (const std::size_t i : nodes) folded.push_back(graph.nodes[i]);
  if (!state.refolder->fold(folded, found)) {
    state.refolder->set_param_value(id, old);
    const ir::Param& param = graph.param(id);
    DiagEngine diags;
    Diagnostic& d = diags.report(DiagCode::param_value_refused, param.name_range, param.name, value.text(), old.text());
    for (const Diagnostic& f : found.sorted()) {
      d.note(f.range, "{} [{}]", f.message, code_name(f.code));
      for (const DiagNote& note : f.notes) d.note(note.range, "{}", note.message);
    }
    raise(state.program->sources(), diags, state.program->path);
  }
  try {
    configure_shared_memory(state, nodes, folded);
  } catch (...) {
    state.refolder->set_param_value(id, old);
    throw;
  }
  for (std::size_t k = 0; k < nodes.size(); ++k) state.configured[nodes[k]] = std::move(folded[k]);
  return nodes;
}

const ir::Node& current_node(const InstanceState& state, const BuiltGraph& built, std::size_t index) {
  if (&built == &state.built && index < state.configured.size() && state.configured[index]) {
    return *state.configured[index];
  }
  return state.program->module().graph(built.graph_id).nodes.at(index);
}

}  // namespace graphc::detail

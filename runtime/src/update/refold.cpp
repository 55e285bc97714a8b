#include "update/refold.h"

#include <algorithm>
#include <string>

#include "errors/runtime_diag.h"

namespace graphc::detail {
namespace {

bool uses(const ir::Node& node, ir::ParamId id) {
  return std::find(node.config_params.begin(), node.config_params.end(), id) != node.config_params.end();
}

// The nodes of one built graph that a new value reconfigures: those that use param `id`
// of that graph, and the calls that pass the value on to it.
struct Pending {
  BuiltGraph* built;
  ir::ParamId id;
  std::vector<const ir::Node*> calls;  // from the instantiated graph down to this one
  std::vector<std::size_t> nodes;
  std::vector<ir::Node*> configured;  // their configured copies
  ir::Scalar old;
};

// The graphs param `id` of `built` reaches: `built` if it configures a node there, and the
// graphs of the calls that pass it on, through any depth of calls.
void collect(const ProgramState& program, BuiltGraph& built, ir::ParamId id, std::vector<const ir::Node*>& calls,
             std::vector<Pending>& out) {
  const ir::Graph& graph = program.module().graph(built.graph_id);
  Pending pending{&built, id, calls, {}, {}, {}};
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    if (uses(graph.nodes[i], id)) pending.nodes.push_back(i);
  }
  if (!pending.nodes.empty()) out.push_back(std::move(pending));
  for (std::size_t i = 0; i < built.calls.size(); ++i) {
    if (!built.calls[i]) continue;
    BuiltGraph& called = *built.calls[i];
    for (std::uint32_t p = 0; p < called.param_sources.size(); ++p) {
      if (called.param_sources[p] != id) continue;
      calls.push_back(&graph.nodes[i]);
      collect(program, called, ir::ParamId{p}, calls, out);
      calls.pop_back();
    }
  }
}

}  // namespace

std::vector<Reconfigured> refold_config(InstanceState& state, ir::ParamId id, const ir::Scalar& value) {
  const ProgramState& program = *state.program;
  std::vector<Pending> pending;
  std::vector<const ir::Node*> calls;
  collect(program, state.built, id, calls, pending);
  std::vector<Reconfigured> out;
  if (pending.empty()) return out;

  // The configured copies are folded in place; a refused value puts the old one back and
  // folds them again, which gives back what they were.
  std::vector<Diagnostic> broken;
  for (Pending& p : pending) {
    BuiltGraph& built = *p.built;
    const ir::Graph& graph = program.module().graph(built.graph_id);
    if (!built.refolder) built.refolder = std::make_unique<sema::ConfigRefolder>(graph);
    p.configured = configured_copies(graph, built, p.nodes);
    p.old = built.refolder->param_value(p.id);
    built.refolder->set_param_value(p.id, value);  // a parameter has the type of the param its call passes
    DiagEngine found;
    if (built.refolder->fold(p.configured, found)) continue;
    for (Diagnostic d : found.sorted()) {
      for (auto call = p.calls.rbegin(); call != p.calls.rend(); ++call) {
        d.note<NoteCode::passes_value_on>((*call)->name_range, (*call)->name,
                                          std::get<ir::ChildGraphNode>((*call)->op).graph);
      }
      broken.push_back(std::move(d));
    }
  }
  const auto restore = [&] {
    for (const Pending& p : pending) {
      p.built->refolder->set_param_value(p.id, p.old);
      DiagEngine none;  // the old value folded before
      p.built->refolder->fold(p.configured, none);
    }
  };
  if (!broken.empty()) {
    restore();
    const ir::Param& param = state.graph().param(id);
    DiagEngine diags;
    Diagnostic& d = diags.report(DiagCode::param_value_refused, param.name_range, param.name, value.text(),
                                 pending.front().old.text());
    for (const Diagnostic& f : broken) {
      d.note<NoteCode::diagnostic_as_note>(f.range, f.message, code_name(f.code));
      for (const DiagNote& note : f.notes) d.note<NoteCode::text>(note.range, note.message);
    }
    raise(program.sources(), diags, program.path);
  }
  try {
    for (const Pending& p : pending) configure_nodes_shared_memory(program, state.functions, *p.built, p.nodes);
  } catch (...) {
    restore();
    throw;
  }
  for (const Pending& p : pending) {
    for (const std::size_t node : p.nodes) out.push_back({p.built, node});
  }
  return out;
}

const ir::Node& current_node(const InstanceState& state, const BuiltGraph& built, std::size_t index) {
  return configured_node(state.program->module().graph(built.graph_id), built, index);
}

}  // namespace graphc::detail

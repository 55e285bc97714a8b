// set_enabled() and enabled(): switching the graph's own kernel, copy and memset nodes on
// and off in an exec (cudaGraphNodeSetEnabled, cudaGraphNodeGetEnabled), named by the
// enum class Switchable, so that only nodes CUDA can switch are accepted at compile time.
#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "ir/node_kind.h"

namespace graphc::backend {

std::vector<std::size_t> switchable_nodes(const ir::Graph& graph) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ir::Node& node = graph.nodes[i];
    if (ir::kind_info(node).switchable && !node.body.valid() && !node.synthetic) out.push_back(i);
  }
  return out;
}

void emit_enable(CodeWriter& out, const GraphContext& context) {
  const std::vector<std::size_t> nodes = switchable_nodes(context.graph);
  if (nodes.empty()) return;
  out.line("namespace {");
  out.blank();
  out.line("// A switchable node: its handle in `nodes`, its name and where it is declared.");
  out.line("struct SwitchableNode {");
  out.line("  cudaGraphNode_t handle;");
  out.line("  const char* name;");
  out.line("  const char* location;");
  out.line("};");
  out.blank();
  out.line("SwitchableNode switchable(const Nodes& nodes, Switchable node) {");
  out.line("  switch (node) {");
  for (const std::size_t i : nodes) {
    const ir::Node& node = context.graph.nodes[i];
    const std::string& member = context.names.nodes[i];
    out.line(fmt::format("    case Switchable::{}: return {{nodes.{}, {}, {}}};", member, member,
                         string_literal(node.name), context.location_literal(node.name_range)));
  }
  out.line("  }");
  out.line("  return {nullptr, \"\", \"\"};  // not a Switchable: CUDA refuses the null node");
  out.line("}");
  out.blank();
  out.line("}  // namespace");
  out.blank();
  out.line("void set_enabled(cudaGraphExec_t exec, const Nodes& nodes, Switchable node, bool enabled) {");
  out.line("  const SwitchableNode s = switchable(nodes, node);");
  out.line("  graphc::check_cuda(cudaGraphNodeSetEnabled(exec, s.handle, enabled ? 1U : 0U), "
           "\"cudaGraphNodeSetEnabled\", s.name, s.location);");
  out.line("}");
  out.blank();
  out.line("bool enabled(cudaGraphExec_t exec, const Nodes& nodes, Switchable node) {");
  out.line("  const SwitchableNode s = switchable(nodes, node);");
  out.line("  unsigned int on = 0;");
  out.line("  graphc::check_cuda(cudaGraphNodeGetEnabled(exec, s.handle, &on), \"cudaGraphNodeGetEnabled\", s.name, "
           "s.location);");
  out.line("  return on != 0;");
  out.line("}");
}

}  // namespace graphc::backend

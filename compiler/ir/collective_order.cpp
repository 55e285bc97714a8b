#include "ir/collective_order.h"

#include <variant>

namespace graphc::ir {
namespace {

std::optional<std::size_t> collective_argument_within(const Module& module, const ChildGraphNode& call, CommId comm,
                                                      std::size_t depth);

// runs_collectives; `depth` ends a cycle of calls, which E0901 reports.
bool runs_collectives_within(const Module& module, const Node& node, CommId comm, std::size_t depth) {
  if (const auto* collective = std::get_if<CollectiveNode>(&node.op)) {
    return collective->collective.op != CollectiveOp::none && collective->collective.comm == comm;
  }
  const auto* call = std::get_if<ChildGraphNode>(&node.op);
  return call != nullptr && collective_argument_within(module, *call, comm, depth).has_value();
}

std::optional<std::size_t> collective_argument_within(const Module& module, const ChildGraphNode& call, CommId comm,
                                                      std::size_t depth) {
  if (!call.graph_id.valid() || depth > module.graphs.size()) return std::nullopt;
  const Graph& callee = module.graph(call.graph_id);
  for (std::size_t i = 0; i < callee.parameters.size() && i < call.args.size(); ++i) {
    const Parameter& parameter = callee.parameters[i];
    const KernelArg& arg = call.args[i];
    if (parameter.kind != Parameter::Kind::comm || arg.kind != KernelArg::Kind::comm || arg.comm != comm) continue;
    for (const Node& inner : callee.nodes) {
      if (runs_collectives_within(module, inner, parameter.comm, depth + 1)) return i;
    }
  }
  return std::nullopt;
}

}  // namespace

bool runs_collectives(const Module& module, const Node& node, CommId comm) {
  return runs_collectives_within(module, node, comm, 0);
}

std::optional<std::size_t> collective_argument(const Module& module, const ChildGraphNode& call, CommId comm) {
  return collective_argument_within(module, call, comm, 0);
}

std::vector<NodeId> collectives_in_order(const Module& module, const Graph& graph, const CreationOrder& order,
                                         CommId comm) {
  std::vector<NodeId> out;
  for (const NodeId id : order.nodes()) {
    if (runs_collectives(module, graph.node(id), comm)) out.push_back(id);
  }
  return out;
}

}  // namespace graphc::ir

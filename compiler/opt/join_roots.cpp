#include "opt/join_roots.h"

#include <fmt/format.h>

namespace graphc::opt {
namespace {

// `base`, or `base_2`, `base_3`, ...: the first that names nothing declared in `graph` (the
// generated code makes a member of every node name, beside its buffers, params and conds).
std::string free_name(const ir::Graph& graph, const std::string& base) {
  const auto taken = [&](const std::string& name) {
    return graph.find_node(name) || graph.find_buffer(name) || graph.find_param(name) || graph.find_const(name) ||
           graph.find_cond(name) || graph.find_event(name);
  };
  std::string name = base;
  for (int n = 2; taken(name); ++n) name = fmt::format("{}_{}", base, n);
  return name;
}

ir::NodeId add_noop_kernel(ir::Graph& graph, const std::string& base) {
  ir::Node node;
  node.name = free_name(graph, base);
  node.name_range = graph.name_range;
  node.range = graph.name_range;
  node.synthetic = true;
  ir::KernelNode kernel;
  kernel.function = std::string(ir::kNoopKernel);
  kernel.function_range = graph.name_range;
  node.op = std::move(kernel);
  graph.nodes.push_back(std::move(node));
  return ir::NodeId{static_cast<std::uint32_t>(graph.nodes.size() - 1)};
}

void add_edge(ir::Graph& graph, ir::NodeId from, ir::NodeId to) {
  ir::Edge edge;
  edge.from = graph.node(from).name;
  edge.to = graph.node(to).name;
  edge.from_range = edge.to_range = edge.range = graph.name_range;
  edge.from_id = from;
  edge.to_id = to;
  graph.edges.push_back(std::move(edge));
}

void join(ir::Graph& graph, std::vector<JoinNode>& out) {
  // Edges stay within one body, so the graph's own roots and leaves are its top-level
  // nodes without a top-level edge in or out.
  std::vector<bool> has_in(graph.nodes.size(), false);
  std::vector<bool> has_out(graph.nodes.size(), false);
  for (const ir::Edge& edge : graph.edges) {
    has_out[edge.from_id.value] = true;
    has_in[edge.to_id.value] = true;
  }
  std::vector<ir::NodeId> roots;
  std::vector<ir::NodeId> leaves;
  for (std::uint32_t i = 0; i < graph.nodes.size(); ++i) {
    if (graph.nodes[i].body.valid()) continue;
    if (!has_in[i]) roots.push_back(ir::NodeId{i});
    if (!has_out[i]) leaves.push_back(ir::NodeId{i});
  }
  if (roots.size() >= kMinJoined) {
    const ir::NodeId root = add_noop_kernel(graph, "graphc_root");
    for (const ir::NodeId r : roots) add_edge(graph, root, r);
    out.push_back({graph.name, graph.node(root).name, false, roots.size(), graph.name_range});
  }
  if (leaves.size() >= kMinJoined) {
    const ir::NodeId sink = add_noop_kernel(graph, "graphc_sink");
    for (const ir::NodeId l : leaves) add_edge(graph, l, sink);
    out.push_back({graph.name, graph.node(sink).name, true, leaves.size(), graph.name_range});
  }
}

}  // namespace

std::vector<JoinNode> join_roots(ir::Module& module) {
  std::vector<JoinNode> out;
  for (ir::Graph& graph : module.graphs) join(graph, out);
  return out;
}

}  // namespace graphc::opt

#include "opt/join_roots.h"

#include <optional>
#include <utility>
#include <variant>

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

// A graph's roots and leaves: its top-level nodes without a top-level edge in or out
// (edges stay within one body).
struct Ends {
  std::vector<ir::NodeId> roots, leaves;
};

Ends ends_of(const ir::Graph& graph) {
  std::vector<bool> has_in(graph.nodes.size(), false);
  std::vector<bool> has_out(graph.nodes.size(), false);
  for (const ir::Edge& edge : graph.edges) {
    has_out[edge.from_id.value] = true;
    has_in[edge.to_id.value] = true;
  }
  Ends ends;
  for (std::uint32_t i = 0; i < graph.nodes.size(); ++i) {
    if (graph.nodes[i].body.valid()) continue;
    if (!has_in[i]) ends.roots.push_back(ir::NodeId{i});
    if (!has_out[i]) ends.leaves.push_back(ir::NodeId{i});
  }
  return ends;
}

// How many roots (or leaves) a launch of a graph starts from (or ends in) as CUDA runs it:
// a call node's child graph runs as part of the caller, so a call among the roots counts
// the roots of the graph it calls, through any depth of calls (E0901 rules out cycles).
class FlatEnds {
 public:
  explicit FlatEnds(const ir::Module& module) : module_(module), counts_(module.graphs.size()) {}

  std::size_t count(const ir::Graph& graph, const std::vector<ir::NodeId>& ends, bool leaves) {
    std::size_t n = 0;
    for (const ir::NodeId id : ends) {
      const auto* call = std::get_if<ir::ChildGraphNode>(&graph.node(id).op);
      n += call != nullptr ? of(call->graph_id, leaves) : 1;
    }
    return n;
  }

 private:
  std::size_t of(ir::GraphId id, bool leaves) {
    std::optional<std::size_t>& known = leaves ? counts_[id.value].second : counts_[id.value].first;
    if (!known) {
      const ir::Graph& graph = module_.graph(id);
      const Ends ends = ends_of(graph);
      known = count(graph, leaves ? ends.leaves : ends.roots, leaves);
    }
    return *known;
  }

  const ir::Module& module_;
  std::vector<std::pair<std::optional<std::size_t>, std::optional<std::size_t>>> counts_;  // roots, leaves
};

void join(ir::Graph& graph, FlatEnds& flat, std::vector<JoinNode>& out) {
  const Ends ends = ends_of(graph);
  const std::size_t roots = flat.count(graph, ends.roots, false);
  const std::size_t leaves = flat.count(graph, ends.leaves, true);
  if (roots >= kMinJoined) {
    const ir::NodeId root = add_noop_kernel(graph, "graphc_root");
    for (const ir::NodeId r : ends.roots) add_edge(graph, root, r);
    out.push_back({graph.name, graph.node(root).name, false, roots, graph.name_range});
  }
  if (leaves >= kMinJoined) {
    const ir::NodeId sink = add_noop_kernel(graph, "graphc_sink");
    for (const ir::NodeId l : ends.leaves) add_edge(graph, l, sink);
    out.push_back({graph.name, graph.node(sink).name, true, leaves, graph.name_range});
  }
}

}  // namespace

std::vector<JoinNode> join_roots(ir::Module& module) {
  // A called graph is not joined: its no-op kernels would run at every call, in the
  // device time of each (bench_graphs, "Calls"); the graph that calls it counts its roots
  // and leaves instead. Counted before any graph changes.
  const std::vector<bool> called = module.called_graphs();
  FlatEnds flat(module);
  std::vector<JoinNode> out;
  for (std::uint32_t g = 0; g < module.graphs.size(); ++g) {
    if (!called[g]) join(module.graphs[g], flat, out);
  }
  return out;
}

}  // namespace graphc::opt

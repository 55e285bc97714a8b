#include "build_graph.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

#include "cuda_check.h"
#include "ir/overloaded.h"
#include "node_params.h"

namespace graphc::detail {
namespace {

struct Dependency {
  std::uint32_t from;
  ir::EdgePort port;
};

// Incoming dependencies of every node, duplicates (same source and target) dropped.
std::vector<std::vector<Dependency>> dependencies(const ir::Graph& graph) {
  std::vector<std::vector<Dependency>> deps(graph.nodes.size());
  for (const ir::Edge& edge : graph.edges) {
    std::vector<Dependency>& in = deps.at(edge.to_id.value);
    const bool seen = std::any_of(in.begin(), in.end(), [&](const Dependency& d) { return d.from == edge.from_id.value; });
    if (!seen) in.push_back({edge.from_id.value, edge.port});
  }
  return deps;
}

}  // namespace

std::vector<ir::NodeId> build_order(const ir::Graph& graph) {
  const std::vector<std::vector<Dependency>> deps = dependencies(graph);
  std::vector<std::vector<std::uint32_t>> successors(graph.nodes.size());
  std::vector<std::size_t> waiting(graph.nodes.size());
  for (std::uint32_t to = 0; to < deps.size(); ++to) {
    waiting[to] = deps[to].size();
    for (const Dependency& d : deps[to]) successors[d.from].push_back(to);
  }
  std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> ready;
  for (std::uint32_t i = 0; i < waiting.size(); ++i) {
    if (waiting[i] == 0) ready.push(i);
  }
  std::vector<ir::NodeId> order;
  while (!ready.empty()) {
    const std::uint32_t n = ready.top();
    ready.pop();
    order.push_back(ir::NodeId{n});
    for (const std::uint32_t next : successors[n]) {
      if (--waiting[next] == 0) ready.push(next);
    }
  }
  return order;
}

cudaGraphEdgeData edge_data(ir::EdgePort port) {
  cudaGraphEdgeData e{};
  switch (port) {
    case ir::EdgePort::default_:
      break;
    case ir::EdgePort::programmatic:
      e.from_port = cudaGraphKernelNodePortProgrammatic;
      e.type = cudaGraphDependencyTypeProgrammatic;
      break;
    case ir::EdgePort::launch_completion:
      e.from_port = cudaGraphKernelNodePortLaunchCompletion;
      e.type = cudaGraphDependencyTypeProgrammatic;
      break;
  }
  return e;
}

BuiltGraph build_graph(const ProgramState& program, const ir::Graph& graph, const ResolvedFunctions& functions,
                       const std::vector<void*>& buffers, const std::vector<Slot>& params,
                       const std::vector<cudaEvent_t>& events) {
  BuiltGraph built;
  cudaGraph_t raw = nullptr;
  check(cudaGraphCreate(&raw, 0), "cudaGraphCreate", CallSite{"", program.sources().location(graph.range)});
  built.graph = GraphHandle(raw);
  built.nodes.resize(graph.nodes.size(), nullptr);
  built.kernel_args.resize(graph.nodes.size());

  const std::vector<std::vector<Dependency>> deps = dependencies(graph);
  for (const ir::NodeId id : build_order(graph)) {
    const ir::Node& node = graph.node(id);
    cudaGraphNodeParams p = std::visit(
        ir::Overloaded{
            [&](const ir::KernelNode& kernel) {
              built.kernel_args[id.value] = KernelArgs(graph, kernel, buffers, params);
              return kernel_node_params(functions.kernels[id.value], kernel, built.kernel_args[id.value]);
            },
            [&](const ir::CopyNode& copy) { return copy_node_params(graph, copy, buffers); },
            [&](const ir::MemsetNode& memset) { return memset_node_params(graph, memset, buffers); },
            [&](const ir::HostNode&) { return host_node_params(functions.hosts[id.value]); },
            [&](const ir::EmptyNode&) { return empty_node_params(); },
            [&](const ir::EventRecordNode& record) { return event_record_node_params(events.at(record.id.value)); },
            [&](const ir::EventWaitNode& wait) { return event_wait_node_params(events.at(wait.id.value)); },
        },
        node.op);
    std::vector<cudaGraphNode_t> from;
    std::vector<cudaGraphEdgeData> data;
    for (const Dependency& d : deps[id.value]) {
      from.push_back(built.nodes[d.from]);
      data.push_back(edge_data(d.port));
    }
    check(cudaGraphAddNode(&built.nodes[id.value], raw, from.data(), data.data(), from.size(), &p), "cudaGraphAddNode",
          site_of(program.sources(), node));
  }
  return built;
}

}  // namespace graphc::detail

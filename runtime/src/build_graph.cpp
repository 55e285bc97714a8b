#include "build_graph.h"

#include <optional>
#include <string>

#include "cuda_check.h"
#include "ir/creation_order.h"
#include "ir/overloaded.h"
#include "node_params.h"

namespace graphc::detail {
namespace {

class GraphBuilder {
 public:
  GraphBuilder(const ProgramState& program, const ir::Graph& graph, const ResolvedFunctions& functions,
               const std::vector<Slot>& params, const std::vector<cudaEvent_t>& events, BuiltGraph& built)
      : program_(program),
        graph_(graph),
        functions_(functions),
        buffers_(built.buffers),
        params_(params),
        events_(events),
        built_(built),
        deps_(ir::dependencies(graph)) {}

  // The conds declared in `body`, then its nodes, into `target` (the graph itself, or the
  // body graph CUDA made for it).
  void build(cudaGraph_t target, ir::BodyId body) {
    for (std::uint32_t c = 0; c < graph_.conds.size(); ++c) {
      if (graph_.conds[c].body == body) create_handle(target, ir::CondId{c});
    }
    for (const ir::NodeId id : ir::creation_order(graph_, deps_, body)) add(target, id);
  }

 private:
  // The handle is created on the graph that holds its conditional node (the validator
  // checked that this is where the cond is declared).
  void create_handle(cudaGraph_t target, ir::CondId id) {
    const ir::Cond& cond = graph_.cond(id);
    const unsigned flags = cond.default_value ? cudaGraphCondAssignDefault : 0;
    const std::string operation = "cudaGraphConditionalHandleCreate for cond '" + cond.name + "'";
    check(cudaGraphConditionalHandleCreate(&built_.conds[id.value], target, cond.folded_default, flags),
          operation.c_str(), CallSite{"", program_.sources().location(cond.name_range)});
  }

  void add(cudaGraph_t target, ir::NodeId id) {
    const ir::Node& node = graph_.node(id);
    cudaGraphNodeParams p = std::visit(
        ir::Overloaded{
            [&](const ir::KernelNode& kernel) {
              built_.kernel_args[id.value] = KernelArgs(graph_, kernel, buffers_, params_, built_.conds);
              return kernel_node_params(functions_.kernels[id.value], kernel, built_.kernel_args[id.value]);
            },
            [&](const ir::CopyNode& copy) { return copy_node_params(graph_, copy, buffers_); },
            [&](const ir::MemsetNode& memset) { return memset_node_params(graph_, memset, buffers_); },
            [&](const ir::HostNode&) { return host_node_params(functions_.hosts[id.value]); },
            [&](const ir::EmptyNode&) { return empty_node_params(); },
            [&](const ir::ConditionalNode& c) { return conditional_node_params(c, built_.conds.at(c.cond_id.value)); },
            [&](const ir::EventRecordNode& record) { return event_record_node_params(events_.at(record.id.value)); },
            [&](const ir::EventWaitNode& wait) { return event_wait_node_params(events_.at(wait.id.value)); },
            [&](const ir::AllocNode& a) { return alloc_node_params(graph_.buffer(a.buffer).bytes(), device()); },
            [&](const ir::FreeNode& f) { return free_node_params(buffers_.at(f.buffer.value)); },
        },
        node.op);
    std::vector<cudaGraphNode_t> from;
    std::vector<cudaGraphEdgeData> data;
    for (const ir::Dependency& d : deps_[id.value]) {
      from.push_back(built_.nodes[d.from.value]);
      data.push_back(edge_data(d.port));
    }
    check(cudaGraphAddNode(&built_.nodes[id.value], target, from.data(), data.data(), from.size(), &p),
          "cudaGraphAddNode", site_of(program_.sources(), node));
    if (const auto* alloc = std::get_if<ir::AllocNode>(&node.op)) {
      buffers_.at(alloc->buffer.value) = p.alloc.dptr;  // fixed for the graph's lifetime
    }
    if (const auto* conditional = std::get_if<ir::ConditionalNode>(&node.op)) {
      // CUDA created the body graphs with the node (phGraph_out, owned by the node).
      for (std::size_t i = 0; i < conditional->bodies.size(); ++i) {
        build(p.conditional.phGraph_out[i], conditional->bodies[i]);
      }
    }
  }

  // The device mem alloc nodes allocate on: the current one, read once.
  int device() {
    if (!device_) {
      int current = 0;
      check(cudaGetDevice(&current), "cudaGetDevice", CallSite{"", program_.sources().location(graph_.range)});
      device_ = current;
    }
    return *device_;
  }

  const ProgramState& program_;
  const ir::Graph& graph_;
  const ResolvedFunctions& functions_;
  std::vector<void*>& buffers_;
  const std::vector<Slot>& params_;
  const std::vector<cudaEvent_t>& events_;
  BuiltGraph& built_;
  std::vector<std::vector<ir::Dependency>> deps_;
  std::optional<int> device_;
};

}  // namespace

BuiltGraph build_graph(const ProgramState& program, const ir::Graph& graph, const ResolvedFunctions& functions,
                       const std::vector<void*>& buffers, const std::vector<Slot>& params,
                       const std::vector<cudaEvent_t>& events) {
  BuiltGraph built;
  cudaGraph_t raw = nullptr;
  check(cudaGraphCreate(&raw, 0), "cudaGraphCreate", CallSite{"", program.sources().location(graph.range)});
  built.graph = GraphHandle(raw);
  built.nodes.resize(graph.nodes.size(), nullptr);
  built.kernel_args.resize(graph.nodes.size());
  built.conds.resize(graph.conds.size(), 0);
  built.buffers = buffers;
  GraphBuilder(program, graph, functions, params, events, built).build(raw, ir::BodyId{});
  return built;
}

}  // namespace graphc::detail

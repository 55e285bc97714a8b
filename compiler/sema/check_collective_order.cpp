// The collectives of one communicator in one order on every rank (E1108): NCCL runs a
// communicator's collectives in the order each rank issues them, and a graph issues the
// nodes that no path orders in whatever order CUDA picks, which two ranks need not share,
// the classic NCCL deadlock. So every two collectives over one communicator must be ordered
// by edges, and so must a call whose graph runs collectives over it (passed to a `comm`
// parameter, at any depth of calls) with every other.
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "ir/collective_order.h"
#include "sema/dependency_graph.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

// At a call among two unordered collectives: the graph it calls and the parameter over which
// that graph runs collectives.
void note_call(const ir::Module& module, const ir::Node& node, ir::CommId comm, Diagnostic& d) {
  const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
  if (call == nullptr) return;
  const std::optional<std::size_t> i = ir::collective_argument(module, *call, comm);
  if (!i) return;
  const ir::Graph& callee = module.graph(call->graph_id);
  d.note<NoteCode::call_runs_collectives>(call->args[*i].range, node.name, callee.name,
                                          callee.comm(callee.parameters[*i].comm).name);
}

void check_graph(const ir::Module& module, const ir::Graph& graph, DiagEngine& diags) {
  std::optional<DependencyGraph> dependencies;  // built for a communicator with two collectives or more
  for (std::uint32_t c = 0; c < graph.comms.size(); ++c) {
    std::vector<std::uint32_t> collectives;  // over communicator c, or calls that run some, in source order
    for (std::uint32_t n = 0; n < graph.nodes.size(); ++n) {
      if (ir::runs_collectives(module, graph.nodes[n], ir::CommId{c})) collectives.push_back(n);
    }
    if (collectives.size() < 2) continue;
    if (!dependencies) dependencies.emplace(graph);
    std::vector<std::vector<bool>> after;  // per collective: the nodes that run after it
    after.reserve(collectives.size());
    for (const std::uint32_t n : collectives) after.push_back(dependencies->downstream(ir::NodeId{n}));
    // Each collective is reported once, with the first earlier one it is not ordered with.
    for (std::size_t j = 1; j < collectives.size(); ++j) {
      for (std::size_t i = 0; i < j; ++i) {
        const ir::Node& a = graph.nodes[collectives[i]];
        const ir::Node& b = graph.nodes[collectives[j]];
        if (after[i][collectives[j]] || after[j][collectives[i]]) continue;
        Diagnostic& d =
            diags.report(DiagCode::unordered_collectives, b.name_range, b.name, a.name, graph.comms[c].name);
        if (!std::holds_alternative<ir::ChildGraphNode>(a.op)) d.note<NoteCode::other_collective>(a.name_range, a.name);
        for (const ir::Node* call : {&a, &b}) note_call(module, *call, ir::CommId{c}, d);
        d.note<NoteCode::order_collectives>(b.name_range, a.name, b.name);
        break;
      }
    }
  }
}

}  // namespace

void check_collective_order(const ir::Module& module, DiagEngine& diags) {
  for (const ir::Graph& graph : module.graphs) check_graph(module, graph, diags);
}

}  // namespace graphc::sema

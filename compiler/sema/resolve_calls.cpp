// Child graph nodes (`call NAME : GRAPH(args);`): each call names a graph of the module
// (its own file's or an imported one) and embeds it as a child graph node, so no graph may
// contain itself through calls. A call whose graph is unknown, or that closes a cycle, is
// left unresolved, and the later passes over calls skip it.
#include <string>
#include <vector>

#include "sema/call_nodes.h"
#include "sema/graph_lookup.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::ChildGraphNode;
using ir::GraphId;

class CallResolver {
 public:
  CallResolver(ir::Module& module, DiagEngine& diags) : module_(module), diags_(diags) {}

  void run() {
    resolve();
    find_cycles();
  }

 private:
  // Every call node to the graph it names.
  void resolve() {
    for_each_call(module_, [&](const ir::Graph&, const ir::Node&, ChildGraphNode& call) {
      if (const auto id = find_graph_or_report(module_, diags_, call.graph_range, call.graph)) call.graph_id = *id;
    });
  }

  // A graph that contains itself through calls: each cycle once, at the call that closes
  // it in a depth-first walk from the graphs in module order. Its calls are then unresolved,
  // so that the later walks through calls end.
  void find_cycles() {
    enum class State : std::uint8_t { unvisited, open, done };
    std::vector<State> state(module_.graphs.size(), State::unvisited);
    std::vector<GraphId> path;
    const auto visit = [&](auto& self, GraphId g) -> void {
      state[g.value] = State::open;
      path.push_back(g);
      for (ir::Node& n : module_.graphs[g.value].nodes) {
        auto* call = std::get_if<ChildGraphNode>(&n.op);
        if (call == nullptr || !call->graph_id.valid()) continue;
        const GraphId callee = call->graph_id;
        if (state[callee.value] == State::open) {
          report_cycle(n, path, callee);
          call->graph_id = GraphId{};
        } else if (state[callee.value] == State::unvisited) {
          self(self, callee);
        }
      }
      path.pop_back();
      state[g.value] = State::done;
    };
    for (std::uint32_t g = 0; g < module_.graphs.size(); ++g) {
      if (state[g] == State::unvisited) visit(visit, GraphId{g});
    }
  }

  void report_cycle(const ir::Node& call, const std::vector<GraphId>& path, GraphId callee) {
    std::string cycle;
    bool in_cycle = false;
    for (const GraphId g : path) {
      in_cycle = in_cycle || g == callee;
      if (in_cycle) cycle += module_.graph(g).name + " -> ";
    }
    cycle += module_.graph(callee).name;
    diags_.report(DiagCode::call_cycle, call.name_range, call.name, cycle)
        .note(module_.graph(callee).name_range, "'{}' is declared here", module_.graph(callee).name);
  }

  ir::Module& module_;
  DiagEngine& diags_;
};

}  // namespace

void resolve_calls(ir::Module& module, DiagEngine& diags) { CallResolver(module, diags).run(); }

}  // namespace graphc::sema

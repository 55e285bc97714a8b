// Child graph nodes (`call NAME : GRAPH(args);`): each call names a graph of the module
// (its own file's or an imported one) and embeds it as a child graph node, so no graph may
// contain itself through calls. A call whose graph is unknown, or that closes a cycle, is
// left unresolved, and the later passes over calls skip it.
#include <optional>
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
    const GraphLookup graphs(module_);
    for_each_call(module_, [&](const ir::Graph&, const ir::Node&, ChildGraphNode& call) {
      if (const auto id = graphs.find_or_report(diags_, call.graph_range, call.graph)) call.graph_id = *id;
    });
  }

  // A graph that contains itself through calls: each cycle once, at the call that closes
  // it in a depth-first walk from the graphs in module order. Its calls are then unresolved,
  // so that the later walks through calls end. The walk keeps its own stack (`path`, with
  // the next node of each graph on it): a chain of calls may be as long as a file has graphs.
  void find_cycles() {
    enum class State : std::uint8_t { unvisited, open, done };
    std::vector<State> state(module_.graphs.size(), State::unvisited);
    std::vector<GraphId> path;
    std::vector<std::size_t> next;  // per graph on the path: the next of its nodes to visit
    for (std::uint32_t root = 0; root < module_.graphs.size(); ++root) {
      if (state[root] != State::unvisited) continue;
      state[root] = State::open;
      path.push_back(GraphId{root});
      next.push_back(0);
      while (!path.empty()) {
        ir::Graph& graph = module_.graphs[path.back().value];
        std::optional<GraphId> deeper;
        for (std::size_t& n = next.back(); n < graph.nodes.size() && !deeper; ++n) {
          auto* call = std::get_if<ChildGraphNode>(&graph.nodes[n].op);
          if (call == nullptr || !call->graph_id.valid()) continue;
          const GraphId callee = call->graph_id;
          if (state[callee.value] == State::open) {
            report_cycle(graph.nodes[n], path, callee);
            call->graph_id = GraphId{};
          } else if (state[callee.value] == State::unvisited) {
            deeper = callee;
          }
        }
        if (deeper) {
          state[deeper->value] = State::open;
          path.push_back(*deeper);
          next.push_back(0);
          continue;
        }
        state[path.back().value] = State::done;
        path.pop_back();
        next.pop_back();
      }
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
        .note<NoteCode::declared_here>(module_.graph(callee).name_range, module_.graph(callee).name);
  }

  ir::Module& module_;
  DiagEngine& diags_;
};

}  // namespace

void resolve_calls(ir::Module& module, DiagEngine& diags) { CallResolver(module, diags).run(); }

}  // namespace graphc::sema

// Child graph nodes (`call NAME : GRAPH(args);`): each call names a graph of the module
// (its own file's or an imported one), binds that graph's parameters with its arguments,
// and embeds the graph as a child graph node. CUDA clones or moves what it is given without
// checking what the caller meant: a buffer of the wrong type or size, or a graph it cannot
// embed, shows up as wrong results or a bare cudaErrorInvalidValue at instantiation.
#include <string>
#include <vector>

#include "sema/graph_lookup.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::ChildGraphNode;
using ir::GraphId;

// A call node of a graph.
struct Call {
  GraphId caller;
  std::size_t node;
};

class CallChecker {
 public:
  CallChecker(ir::Module& module, DiagEngine& diags) : module_(module), diags_(diags) {}

  void run() {
    resolve();
    find_cycles();
  }

 private:
  ir::Node& node(const Call& call) { return module_.graphs[call.caller.value].nodes[call.node]; }
  ChildGraphNode& op(const Call& call) { return std::get<ChildGraphNode>(node(call).op); }

  // Every call node to the graph it names.
  void resolve() {
    for (std::uint32_t g = 0; g < module_.graphs.size(); ++g) {
      for (std::size_t n = 0; n < module_.graphs[g].nodes.size(); ++n) {
        auto* call = std::get_if<ChildGraphNode>(&module_.graphs[g].nodes[n].op);
        if (call == nullptr) continue;
        if (const auto id = find_graph_or_report(module_, diags_, call->graph_range, call->graph)) call->graph_id = *id;
        calls_.push_back(Call{GraphId{g}, n});
      }
    }
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
      for (const Call& call : calls_) {
        if (call.caller != g || !op(call).graph_id.valid()) continue;
        const GraphId callee = op(call).graph_id;
        if (state[callee.value] == State::open) {
          report_cycle(call, path, callee);
          op(call).graph_id = GraphId{};
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

  void report_cycle(const Call& call, const std::vector<GraphId>& path, GraphId callee) {
    std::string cycle;
    bool in_cycle = false;
    for (const GraphId g : path) {
      in_cycle = in_cycle || g == callee;
      if (in_cycle) cycle += module_.graph(g).name + " -> ";
    }
    cycle += module_.graph(callee).name;
    diags_.report(DiagCode::call_cycle, node(call).name_range, node(call).name, cycle)
        .note(module_.graph(callee).name_range, "'{}' is declared here", module_.graph(callee).name);
  }

  ir::Module& module_;
  DiagEngine& diags_;
  std::vector<Call> calls_;
};

}  // namespace

void check_calls(ir::Module& module, DiagEngine& diags) { CallChecker(module, diags).run(); }

}  // namespace graphc::sema

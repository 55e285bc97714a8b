// What a graph called as a child graph may declare and hold, once per graph, with a note
// at its first call: its memory and values come as parameters (scratch memory from alloc
// nodes), and CUDA embeds no conditional node in a child graph (cudaChildGraphNodeParams);
// a graph it cannot embed shows up as a bare cudaErrorInvalidValue at instantiation.
#include <vector>

#include "ir/describe.h"
#include "ir/node_kind.h"
#include "sema/call_nodes.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::ChildGraphNode;
using ir::GraphId;
using ir::KernelArg;

class CalledGraphChecker {
 public:
  CalledGraphChecker(const ir::Module& module, DiagEngine& diags) : module_(module), diags_(diags) {}

  // What a called graph may not have, once per graph, with a note at its first call.
  void run() {
    std::vector<bool> seen(module_.graphs.size(), false);
    for_each_call(module_, [&](const ir::Graph&, const ir::Node& n, const ChildGraphNode& call) {
      const GraphId id = call.graph_id;
      if (!id.valid() || seen[id.value]) return;
      seen[id.value] = true;
      check_called_graph(module_.graph(id), n);
    });
  }

 private:
  void check_called_graph(const ir::Graph& callee, const ir::Node& first_call) {
    const auto note = [&](Diagnostic& d) {
      d.note<NoteCode::calls_here>(first_call.name_range, first_call.name, callee.name);
    };
    for (std::uint32_t b = 0; b < callee.buffers.size(); ++b) {
      const ir::Buffer& buffer = callee.buffers[b];
      if (buffer.alloc.valid() || buffer.view || callee.is_parameter(ir::BufferId{b})) continue;
      note(diags_.report(DiagCode::child_declaration, buffer.name_range, callee.name, "buffer", buffer.name));
    }
    for (std::uint32_t p = 0; p < callee.params.size(); ++p) {
      if (callee.is_parameter(ir::ParamId{p})) continue;
      note(diags_.report(DiagCode::child_declaration, callee.params[p].name_range, callee.name, "param",
                         callee.params[p].name));
    }
    for (const ir::Event& event : callee.events) {
      note(diags_.report(DiagCode::child_declaration, event.name_range, callee.name, "event", event.name));
    }
    for (std::uint32_t c = 0; c < callee.comms.size(); ++c) {  // its collectives run over the caller's
      if (callee.is_parameter(ir::CommId{c})) continue;
      note(diags_.report(DiagCode::child_declaration, callee.comms[c].name_range, callee.name, "communicator",
                         callee.comms[c].name));
    }
    for (const ir::Node& n : callee.nodes) {
      if (!ir::kind_info(n).in_child_graph) {
        note(diags_.report(DiagCode::child_conditional, n.name_range, callee.name, ir::kind_name(n), n.name));
      } else if (const auto* kernel = std::get_if<ir::KernelNode>(&n.op)) {
        for (const KernelArg& arg : kernel->args) {
          if (!arg.graph.empty()) {
            note(diags_.report(DiagCode::child_graph_exec, arg.range, callee.name, n.name, arg.graph));
          }
        }
      }
    }
  }

  const ir::Module& module_;
  DiagEngine& diags_;
};

}  // namespace

void check_called_graphs(const ir::Module& module, DiagEngine& diags) { CalledGraphChecker(module, diags).run(); }

}  // namespace graphc::sema

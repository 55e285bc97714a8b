// How many nodes a graph instantiates: its own, and through each call node every node of
// the graph it calls, and theirs, as CUDA copies a child graph's nodes into the executable
// graph. Calls multiply (a thousand calls of a graph of a thousand calls of ...), so this
// is counted without expanding a call: once per graph, callees first, each count stopping
// just past the limit so that no sum can overflow. A graph past kMaxInstantiatedNodes is
// reported once, at the call that takes it past, and not again in the graphs that call it.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "ir/limits.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::ChildGraphNode;
using ir::GraphId;

constexpr std::uint64_t kOver = ir::kMaxInstantiatedNodes + 1;  // any count past the limit

class InstantiatedNodes {
 public:
  InstantiatedNodes(const ir::Module& module, DiagEngine& diags)
      : module_(module), diags_(diags), counts_(module.graphs.size()) {}

  bool run() {
    for (std::uint32_t g = 0; g < module_.graphs.size(); ++g) count(GraphId{g});
    return fits_;
  }

 private:
  // One graph whose count is being summed: the next of its nodes to add, and the sum.
  struct Frame {
    GraphId graph;
    std::size_t next = 0;
    std::uint64_t total = 0;
  };

  // counts_[root] and the count of every graph it calls, depth first with a stack of its
  // own (a chain of calls may be as long as a file has graphs).
  void count(GraphId root) {
    if (counts_[root.value]) return;
    std::vector<Frame> stack{start(root)};
    while (!stack.empty()) {
      Frame& frame = stack.back();
      const ir::Graph& graph = module_.graph(frame.graph);
      std::optional<GraphId> pending;
      for (; frame.next < graph.nodes.size(); ++frame.next) {
        const ir::Node& node = graph.nodes[frame.next];
        const auto* call = std::get_if<ChildGraphNode>(&node.op);
        if (call == nullptr || !call->graph_id.valid()) continue;  // unresolved: E0110 or E0901
        const std::optional<std::uint64_t>& callee = counts_[call->graph_id.value];
        if (!callee) {
          pending = call->graph_id;
          break;
        }
        add(frame, node, *call, *callee);
      }
      if (pending) {
        stack.push_back(start(*pending));
        continue;
      }
      counts_[frame.graph.value] = frame.total;
      stack.pop_back();
    }
  }

  // A graph's own nodes (its bodies' included) count first, so only a call takes it past.
  Frame start(GraphId id) const { return Frame{id, 0, std::min<std::uint64_t>(module_.graph(id).nodes.size(), kOver)}; }

  void add(Frame& frame, const ir::Node& node, const ChildGraphNode& call, std::uint64_t callee) {
    const bool was_over = frame.total == kOver;
    frame.total = std::min(frame.total + callee, kOver);  // both at most kOver: no overflow
    if (was_over || frame.total != kOver) return;
    fits_ = false;
    if (callee == kOver) return;  // the callee's own call was reported
    const ir::Graph& called = module_.graph(call.graph_id);
    diags_
        .report(DiagCode::too_many_instantiated_nodes, node.name_range, module_.graph(frame.graph).name,
                ir::kMaxInstantiatedNodes, node.name)
        .note(called.name_range, "'{}' instantiates {} nodes, its calls' included", called.name, callee);
  }

  const ir::Module& module_;
  DiagEngine& diags_;
  std::vector<std::optional<std::uint64_t>> counts_;  // per GraphId, once counted (at most kOver)
  bool fits_ = true;
};

}  // namespace

bool check_instantiated_nodes(const ir::Module& module, DiagEngine& diags) {
  return InstantiatedNodes(module, diags).run();
}

}  // namespace graphc::sema

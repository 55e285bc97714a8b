// How many nodes a graph instantiates: its own, and through each call node every node of
// the graph it calls, and theirs, as CUDA copies a child graph's nodes into the executable
// graph; and how deep its calls nest. Calls multiply (a thousand calls of a graph of a
// thousand calls of ...), so this is counted without expanding a call: once per graph,
// callees first, each count stopping just past the limit so that no sum can overflow. A
// graph past kMaxInstantiatedNodes (E0020) or kMaxCallDepth (E0021) is reported once, at
// the call that takes it past, and not again in the graphs that call it.
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
constexpr std::size_t kTooDeep = ir::kMaxCallDepth + 1;         // any depth past the limit

// What a graph instantiates: its nodes (at most kOver) and the depth of its calls (at most
// kTooDeep; 0 for a graph that calls none).
struct Size {
  std::uint64_t nodes = 0;
  std::size_t depth = 0;
};

class InstantiatedNodes {
 public:
  InstantiatedNodes(const ir::Module& module, DiagEngine& diags)
      : module_(module), diags_(diags), sizes_(module.graphs.size()) {}

  bool run() {
    for (std::uint32_t g = 0; g < module_.graphs.size(); ++g) count(GraphId{g});
    return fits_;
  }

 private:
  // One graph whose size is being summed: the next of its nodes to add, and the sum.
  struct Frame {
    GraphId graph;
    std::size_t next = 0;
    Size size;
  };

  // sizes_[root] and the size of every graph it calls, depth first with a stack of its
  // own (a chain of calls may be as long as a file has graphs).
  void count(GraphId root) {
    if (sizes_[root.value]) return;
    std::vector<Frame> stack{start(root)};
    while (!stack.empty()) {
      Frame& frame = stack.back();
      const ir::Graph& graph = module_.graph(frame.graph);
      std::optional<GraphId> pending;
      for (; frame.next < graph.nodes.size(); ++frame.next) {
        const ir::Node& node = graph.nodes[frame.next];
        const auto* call = std::get_if<ChildGraphNode>(&node.op);
        if (call == nullptr || !call->graph_id.valid()) continue;  // unresolved: E0110 or E0901
        const std::optional<Size>& callee = sizes_[call->graph_id.value];
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
      sizes_[frame.graph.value] = frame.size;
      stack.pop_back();
    }
  }

  // A graph's own nodes (its bodies' included) count first, so only a call takes it past.
  Frame start(GraphId id) const { return Frame{id, 0, std::min<std::uint64_t>(module_.graph(id).nodes.size(), kOver)}; }

  void add(Frame& frame, const ir::Node& node, const ChildGraphNode& call, const Size& callee) {
    add_nodes(frame, node, call, callee.nodes);
    add_depth(frame, node, call, callee.depth);
  }

  void add_nodes(Frame& frame, const ir::Node& node, const ChildGraphNode& call, std::uint64_t callee) {
    const bool was_over = frame.size.nodes == kOver;
    frame.size.nodes = std::min(frame.size.nodes + callee, kOver);  // both at most kOver: no overflow
    if (was_over || frame.size.nodes != kOver) return;
    fits_ = false;
    if (callee == kOver) return;  // the callee's own call was reported
    const ir::Graph& called = module_.graph(call.graph_id);
    diags_
        .report(DiagCode::too_many_instantiated_nodes, node.name_range, module_.graph(frame.graph).name,
                ir::kMaxInstantiatedNodes, node.name)
        .note<NoteCode::instantiates_nodes>(called.name_range, called.name, callee);
  }

  void add_depth(Frame& frame, const ir::Node& node, const ChildGraphNode& call, std::size_t callee) {
    const std::size_t depth = std::min(callee + 1, kTooDeep);
    if (depth <= frame.size.depth) return;
    frame.size.depth = depth;
    if (depth != kTooDeep) return;
    fits_ = false;
    if (callee == kTooDeep) return;  // reported in the callee
    const ir::Graph& called = module_.graph(call.graph_id);
    diags_
        .report(DiagCode::calls_too_deep, node.name_range, ir::kMaxCallDepth, node.name,
                module_.graph(frame.graph).name, called.name, callee)
        .note<NoteCode::declared_here>(called.name_range, called.name);
  }

  const ir::Module& module_;
  DiagEngine& diags_;
  std::vector<std::optional<Size>> sizes_;  // per GraphId, once counted
  bool fits_ = true;
};

}  // namespace

bool check_instantiated_nodes(const ir::Module& module, DiagEngine& diags) {
  return InstantiatedNodes(module, diags).run();
}

}  // namespace graphc::sema

// The conditional-body and device-launch rules through calls: a call embeds its graph's
// nodes, and those of the graphs that graph calls, where the call stands, so each obeys the
// rules on node kinds and copies (placement.h) that the caller's own nodes there obey,
// with a note at the call.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "ir/describe.h"
#include "sema/bodies.h"
#include "sema/call_nodes.h"
#include "sema/passes.h"
#include "sema/placement.h"

namespace graphc::sema {
namespace {

using ir::ChildGraphNode;
using ir::GraphId;

// A node a call embeds that breaks a placement rule: the node (of `graph`), and for a copy
// allowed there, one end it may not copy.
struct Refused {
  const ir::Graph* graph;
  const ir::Node* node;
  std::optional<RefusedCopyEnd> end;  // none: the node's kind is refused
};

// Per called graph, what of its nodes and those of the graphs it calls a conditional body
// and a device-launch graph refuse, worked out once per graph: a call's check costs what
// it reports, never a walk of the graphs below it.
struct Embedded {
  std::vector<Refused> in_body;
  std::vector<Refused> in_device_graph;
};

class CallPlacementChecker {
 public:
  CallPlacementChecker(const ir::Module& module, DiagEngine& diags)
      : module_(module), diags_(diags), embedded_(module.graphs.size()) {}

  void run() {
    for_each_call(module_, [&](const ir::Graph& caller, const ir::Node& c, const ChildGraphNode& call) {
      check_placement(caller, c, call);
    });
  }

 private:
  // What a call of `callee` embeds that the rules refuse: its graph's nodes and those of the
  // graphs that graph calls, each graph once.
  const Embedded& embedded(GraphId callee) {
    if (embedded_[callee.value]) return *embedded_[callee.value];
    Embedded out;
    std::vector<bool> seen(module_.graphs.size(), false);
    std::vector<GraphId> graphs{callee};
    seen[callee.value] = true;
    for (std::size_t i = 0; i < graphs.size(); ++i) {
      const ir::Graph& graph = module_.graph(graphs[i]);
      for (const ir::Node& n : graph.nodes) {
        refuse(graph, n, allowed_in_body(n), out.in_body);
        refuse(graph, n, allowed_in_device_graph(n), out.in_device_graph);
        const auto* inner = std::get_if<ChildGraphNode>(&n.op);
        if (inner == nullptr || !inner->graph_id.valid() || seen[inner->graph_id.value]) continue;
        seen[inner->graph_id.value] = true;
        graphs.push_back(inner->graph_id);
      }
    }
    embedded_[callee.value] = std::move(out);
    return *embedded_[callee.value];
  }

  // Node `n` of `graph` into `refused` if its kind is not `allowed`, or else for each end
  // of a copy in memory no body or device graph may copy.
  static void refuse(const ir::Graph& graph, const ir::Node& n, bool allowed, std::vector<Refused>& refused) {
    if (!allowed) {
      refused.push_back({&graph, &n, std::nullopt});
    } else if (const auto* copy = std::get_if<ir::CopyNode>(&n.op)) {
      for (const RefusedCopyEnd& end : refused_copy_ends(graph, *copy)) refused.push_back({&graph, &n, end});
    }
  }

  // A call in a conditional body or a device-launch graph embeds nodes there: they obey
  // the same rules as the body's or the graph's own nodes (CUDA checks them recursively).
  void check_placement(const ir::Graph& caller, const ir::Node& c, const ChildGraphNode& call) {
    const GraphId callee = call.graph_id;
    if (!callee.valid() || (!c.body.valid() && !caller.device_launch.valid())) return;
    const Embedded& embedded = this->embedded(callee);
    const auto note = [&](Diagnostic& d) {
      d.note<NoteCode::embeds_graph_here>(c.name_range, c.name, module_.graph(callee).name);
    };
    if (c.body.valid()) {
      const std::string where = fmt::format("{}, through call '{}'", body_location(caller, c.body), c.name);
      for (const Refused& r : embedded.in_body) {
        const ir::Node& n = *r.node;
        if (!r.end) {
          note(diags_.report(DiagCode::body_node_kind, n.name_range, ir::kind_name(n), n.name, where));
        } else {
          const ir::Buffer& buffer = r.graph->buffer(r.end->slice->id);
          note(diags_.report(DiagCode::body_copy_memory, r.end->slice->name_range, n.name, where, r.end->verb,
                             buffer.name, ir::space_description(buffer.space)));
        }
      }
    }
    if (caller.device_launch.valid()) {
      for (const Refused& r : embedded.in_device_graph) {
        const ir::Node& n = *r.node;
        if (!r.end) {
          note(diags_.report(DiagCode::device_graph_node_kind, n.name_range, ir::kind_name(n), n.name, caller.name));
        } else {
          const ir::Buffer& buffer = r.graph->buffer(r.end->slice->id);
          note(diags_.report(DiagCode::device_graph_copy_memory, r.end->slice->name_range, n.name, caller.name,
                             r.end->verb, buffer.name, ir::space_description(buffer.space)));
        }
      }
    }
  }

  const ir::Module& module_;
  DiagEngine& diags_;
  std::vector<std::optional<Embedded>> embedded_;  // per GraphId, once worked out
};

}  // namespace

void check_call_placement(const ir::Module& module, DiagEngine& diags) { CallPlacementChecker(module, diags).run(); }

}  // namespace graphc::sema

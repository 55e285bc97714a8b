// The conditional-body and device-launch rules through calls: a call embeds its graph's
// nodes, and those of the graphs that graph calls, where the call stands, so each obeys the
// rules on node kinds and copies (placement.h) that the caller's own nodes there obey,
// with a note at the call.
#include <algorithm>
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

class CallPlacementChecker {
 public:
  CallPlacementChecker(const ir::Module& module, DiagEngine& diags) : module_(module), diags_(diags) {}

  void run() {
    for_each_call(module_, [&](const ir::Graph& caller, const ir::Node& c, const ChildGraphNode& call) {
      check_placement(caller, c, call);
    });
  }

 private:
  // The nodes a call embeds, its graph's and those of the graphs that graph calls, each
  // graph once.
  template <class Visit>
  void for_each_embedded(GraphId callee, Visit&& visit) {
    std::vector<GraphId> graphs{callee};
    for (std::size_t i = 0; i < graphs.size(); ++i) {
      const ir::Graph& graph = module_.graph(graphs[i]);
      for (const ir::Node& n : graph.nodes) {
        visit(graph, n);
        const auto* inner = std::get_if<ChildGraphNode>(&n.op);
        if (inner == nullptr || !inner->graph_id.valid()) continue;
        if (std::find(graphs.begin(), graphs.end(), inner->graph_id) == graphs.end()) graphs.push_back(inner->graph_id);
      }
    }
  }

  // A call in a conditional body or a device-launch graph embeds nodes there: they obey
  // the same rules as the body's or the graph's own nodes (CUDA checks them recursively).
  void check_placement(const ir::Graph& caller, const ir::Node& c, const ChildGraphNode& call) {
    const GraphId callee = call.graph_id;
    if (!callee.valid()) return;
    const auto note = [&](Diagnostic& d) {
      d.note(c.name_range, "'{}' embeds graph '{}' here", c.name, module_.graph(callee).name);
    };
    if (c.body.valid()) {
      const std::string where = fmt::format("{}, through call '{}'", body_location(caller, c.body), c.name);
      for_each_embedded(callee, [&](const ir::Graph& graph, const ir::Node& n) {
        if (!allowed_in_body(n)) {
          note(diags_.report(DiagCode::body_node_kind, n.name_range, ir::kind_name(n), n.name, where));
        } else if (const auto* copy = std::get_if<ir::CopyNode>(&n.op)) {
          for (const RefusedCopyEnd& end : refused_copy_ends(graph, *copy)) {
            const ir::Buffer& buffer = graph.buffer(end.slice->id);
            note(diags_.report(DiagCode::body_copy_memory, end.slice->name_range, n.name, where, end.verb, buffer.name,
                               ir::space_description(buffer.space)));
          }
        }
      });
    }
    if (caller.device_launch.valid()) {
      for_each_embedded(callee, [&](const ir::Graph& graph, const ir::Node& n) {
        if (!allowed_in_device_graph(n)) {
          note(diags_.report(DiagCode::device_graph_node_kind, n.name_range, ir::kind_name(n), n.name, caller.name));
        } else if (const auto* copy = std::get_if<ir::CopyNode>(&n.op)) {
          for (const RefusedCopyEnd& end : refused_copy_ends(graph, *copy)) {
            const ir::Buffer& buffer = graph.buffer(end.slice->id);
            note(diags_.report(DiagCode::device_graph_copy_memory, end.slice->name_range, n.name, caller.name, end.verb,
                               buffer.name, ir::space_description(buffer.space)));
          }
        }
      });
    }
  }

  const ir::Module& module_;
  DiagEngine& diags_;
};

}  // namespace

void check_call_placement(const ir::Module& module, DiagEngine& diags) { CallPlacementChecker(module, diags).run(); }

}  // namespace graphc::sema

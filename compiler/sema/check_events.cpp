// Events: every record and wait node names an event of its graph (E0101 for an unknown
// name, with "did you mean" among the events; E0104 for a name of another kind). A wait
// node and a record node of the same event that no path of edges orders, either way, are
// a warning (W0302): the nodes of parallel branches run in no fixed order, so whether
// the wait sees this launch's record or an earlier one depends on launch timing.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sema/dependency_graph.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

template <class EventNode>
void resolve(GraphContext& ctx, EventNode& node) {
  const std::optional<Entity> entity = ctx.scope.find(node.event);
  if (!entity) {
    report_unknown(ctx.diags, ctx.scope, DiagCode::unknown_name, node.event_range, node.event, {Entity::Kind::event});
    return;
  }
  if (entity->kind != Entity::Kind::event) {
    report_wrong_kind(ctx.diags, ctx.scope, node.event_range, node.event, *entity, "CUDA event");
    return;
  }
  node.id = ir::EventId{entity->index};
}

// The event a record (or wait) node uses, if it is one and resolved.
template <class EventNode>
std::optional<ir::EventId> event_of(const ir::Node& node) {
  const auto* op = std::get_if<EventNode>(&node.op);
  if (op == nullptr || !op->id.valid()) return std::nullopt;
  return op->id;
}

}  // namespace

void resolve_event_nodes(GraphContext& ctx) {
  for (ir::Node& node : ctx.graph.nodes) {
    if (auto* record = std::get_if<ir::EventRecordNode>(&node.op)) resolve(ctx, *record);
    if (auto* wait = std::get_if<ir::EventWaitNode>(&node.op)) resolve(ctx, *wait);
  }
}

void check_event_order(GraphContext& ctx) {
  const std::vector<ir::Node>& nodes = ctx.graph.nodes;
  std::map<std::uint32_t, std::vector<bool>> reach;  // per record or wait node used below
  auto reaches = [&](std::uint32_t from, std::uint32_t to) {
    auto it = reach.find(from);
    if (it == reach.end()) it = reach.emplace(from, ctx.dependencies().downstream(ir::NodeId{from})).first;
    return it->second[to];
  };
  for (std::uint32_t w = 0; w < nodes.size(); ++w) {
    const std::optional<ir::EventId> waited = event_of<ir::EventWaitNode>(nodes[w]);
    if (!waited) continue;
    for (std::uint32_t r = 0; r < nodes.size(); ++r) {
      if (event_of<ir::EventRecordNode>(nodes[r]) != waited || reaches(r, w) || reaches(w, r)) continue;
      const std::string& event = ctx.graph.event(*waited).name;
      ctx.diags.report(DiagCode::unordered_event, nodes[w].name_range, nodes[w].name, event, nodes[r].name)
          .note<NoteCode::records_event_here>(nodes[r].name_range, nodes[r].name, event);
    }
  }
}

}  // namespace graphc::sema

// Names that are not expressions: graphs in the module namespace, and edge ends, which
// must name nodes of the same graph. (Expression names resolve as they fold, fold.cpp;
// slice and kernel argument names in their own rule families.)
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "sema/bodies.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

// One end of an edge: the node it names, or invalid after reporting why not, unless
// `report` is false (the same token was reported already).
ir::NodeId resolve_end(GraphContext& ctx, const std::string& name, SourceRange range, bool report) {
  const std::optional<Entity> entity = ctx.scope.find(name);
  if (!entity) {
    if (report) report_unknown(ctx.diags, ctx.scope, DiagCode::unknown_node, range, name, {Entity::Kind::node});
    return {};
  }
  if (const std::optional<ir::NodeId> alloc = ctx.scope.alloc_node(*entity)) return *alloc;
  if (entity->kind != Entity::Kind::node) {
    if (report) report_wrong_kind(ctx.diags, ctx.scope, range, name, *entity, "node");
    return {};
  }
  return ir::NodeId{entity->index};
}

// Both ends of `edge` must be in the graph or body its statement is in: each body is a
// cudaGraph_t of its own, and CUDA joins only nodes of one graph. A token is reported
// once (`reported` holds the positions), though a chain's middle node ends two edges.
void check_same_body(GraphContext& ctx, ir::Edge& edge, std::unordered_set<std::uint32_t>& reported) {
  for (const bool from : {true, false}) {
    const ir::NodeId id = from ? edge.from_id : edge.to_id;
    if (!id.valid() || ctx.graph.node(id).body == edge.body) continue;
    const std::string& name = from ? edge.from : edge.to;
    const SourceRange range = from ? edge.from_range : edge.to_range;
    edge.from_id = {};
    edge.to_id = {};
    if (!reported.insert(range.begin).second) return;
    ctx.diags
        .report(DiagCode::edge_across_bodies, range, edge.from, edge.to, name,
                body_location(ctx.graph, ctx.graph.node(id).body), body_location(ctx.graph, edge.body))
        .note<NoteCode::declared_here>(ctx.graph.node(id).name_range, name);
    return;
  }
}

// An edge end's token: where it is and the name it has there.
struct Token {
  std::uint32_t begin;
  std::string_view name;
  bool operator==(const Token&) const = default;
};
struct TokenHash {
  std::size_t operator()(const Token& t) const {
    return std::hash<std::string_view>()(t.name) ^ (std::size_t{t.begin} << 1);
  }
};

}  // namespace

void check_graph_names(const ir::Module& module, DiagEngine& diags) {
  std::unordered_map<std::string, const ir::Graph*> seen;
  for (const ir::Graph& graph : module.graphs) {
    const auto [it, inserted] = seen.emplace(graph.name, &graph);
    if (!inserted) {
      diags.report(DiagCode::duplicate_graph, graph.name_range, graph.name)
          .note<NoteCode::previous_declaration>(it->second->name_range, graph.name);
    }
  }
}

void resolve_edges(GraphContext& ctx) {
  // In a chain `a -> b -> c`, b is the end of two edges but one token: a name that does
  // not resolve is reported once per token. A token in a loop names a node per iteration
  // (`layer[i]`), so the key is the position and the name it has there.
  std::unordered_set<Token, TokenHash> failed;
  std::unordered_set<std::uint32_t> reported;
  auto resolve = [&](const std::string& name, SourceRange range) {
    const ir::NodeId id = resolve_end(ctx, name, range, /*report=*/false);
    if (id.valid()) return id;
    if (failed.insert(Token{range.begin, name}).second) resolve_end(ctx, name, range, /*report=*/true);
    return id;
  };
  for (ir::Edge& edge : ctx.graph.edges) {
    edge.from_id = resolve(edge.from, edge.from_range);
    edge.to_id = resolve(edge.to, edge.to_range);
    check_same_body(ctx, edge, reported);
  }
}

}  // namespace graphc::sema

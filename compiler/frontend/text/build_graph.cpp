#include <vector>

#include "frontend/text/builders.h"

namespace graphc::frontend::text {
namespace {

// The names on one side of an arrow: one name or a group `{a, b}`.
std::vector<const ParseNode*> members(const ParseNode& side) {
  std::vector<const ParseNode*> out;
  if (side.is_type<grammar::edge_group>()) {
    for (const auto& child : side.children) out.push_back(child.get());
  } else {
    out.push_back(&side);
  }
  return out;
}

}  // namespace

void build_edges(const BuildContext& ctx, const ParseNode& node, std::vector<ir::Edge>& edges) {
  // children: side, arrow, (port,) side, arrow, (port,) side, ...
  const auto& children = node.children;
  const ParseNode* from_side = children.at(0).get();
  for (std::size_t i = 1; i < children.size();) {
    const SourceRange arrow = ctx.range(*children.at(i++));
    ir::EdgePort port = ir::EdgePort::default_;
    SourceRange port_range;
    if (children.at(i)->is_type<grammar::edge_port>()) {
      port_range = ctx.range(*children[i]);
      port = ctx.text(*children[i]) == "programmatic" ? ir::EdgePort::programmatic : ir::EdgePort::launch_completion;
      ++i;
    }
    const ParseNode* to_side = children.at(i++).get();
    for (const ParseNode* from : members(*from_side)) {
      for (const ParseNode* to : members(*to_side)) {
        ir::Edge edge;
        edge.from = ctx.text(*from);
        edge.to = ctx.text(*to);
        edge.from_range = ctx.range(*from);
        edge.to_range = ctx.range(*to);
        edge.range = arrow;
        edge.port = port;
        edge.port_range = port_range;
        edges.push_back(std::move(edge));
      }
    }
    from_side = to_side;
  }
}

ir::Graph build_graph(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::Graph graph;
  graph.name = ctx.text(name);
  graph.name_range = ctx.range(name);
  graph.range = ctx.range(node);
  for (std::size_t i = 1; i < node.children.size(); ++i) {
    const ParseNode& item = *node.children[i];
    if (item.is_type<grammar::const_decl>()) {
      graph.consts.push_back(build_const(ctx, item));
    } else if (item.is_type<grammar::param_decl>()) {
      graph.params.push_back(build_param(ctx, item));
    } else if (item.is_type<grammar::buffer_decl>()) {
      graph.buffers.push_back(build_buffer(ctx, item));
    } else if (item.is_type<grammar::event_decl>()) {
      graph.events.push_back(build_event(ctx, item));
    } else if (item.is_type<grammar::edge_stmt>()) {
      build_edges(ctx, item, graph.edges);
    } else {
      graph.nodes.push_back(build_node(ctx, item));
    }
  }
  return graph;
}

}  // namespace graphc::frontend::text

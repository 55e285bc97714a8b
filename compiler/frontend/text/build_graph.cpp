#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "diag/spellcheck.h"
#include "frontend/text/builders.h"
#include "frontend/text/loop_stack.h"
#include "ir/limits.h"

namespace graphc::frontend::text {
namespace {

// The names on one side of an arrow: a group `{a, b}`'s, or `single`, set to the side.
std::span<const ParseNode* const> members(const ParseNode& side, const ParseNode*& single) {
  if (side.is_type<grammar::edge_group>()) return side.children.span();
  single = &side;
  return {&single, 1};
}

// Fills one graph from its items and, recursively, from the bodies of its conditional
// nodes: a body's nodes, edges and conds go into the graph's tables, marked with the body.
class GraphBuilder {
 public:
  GraphBuilder(const BuildContext& ctx, ir::Graph& graph) : ctx_(ctx), graph_(graph) { ctx_.loops = &loops_.values(); }

  // The items of `parent` from child `first` on, in `body`.
  void items(const ParseNode& parent, std::size_t first, ir::BodyId body) {
    for (std::size_t i = first; i < parent.children.size(); ++i) item(*parent.children[i], body);
  }

  void item(const ParseNode& item, ir::BodyId body) {
    if (item.is_type<grammar::const_decl>() || item.is_type<grammar::variant_decl>()) {
      graph_.consts.push_back(build_const(ctx_, item));
      if (ctx_.defines != nullptr) ir::apply_define(graph_.consts.back(), *ctx_.defines);
    } else if (item.is_type<grammar::param_decl>()) {
      graph_.params.push_back(build_param(ctx_, item));
    } else if (item.is_type<grammar::buffer_decl>()) {
      graph_.buffers.push_back(build_buffer(ctx_, item));
    } else if (item.is_type<grammar::view_decl>()) {
      graph_.buffers.push_back(build_view(ctx_, item));
    } else if (item.is_type<grammar::cond_decl>()) {
      graph_.conds.push_back(build_cond(ctx_, item, body));
    } else if (item.is_type<grammar::event_decl>()) {
      graph_.events.push_back(build_event(ctx_, item));
    } else if (item.is_type<grammar::comm_decl>()) {
      graph_.comms.push_back(build_comm(ctx_, item));
    } else if (item.is_type<grammar::edge_stmt>()) {
      edges(item, body);
    } else if (item.is_type<grammar::for_stmt>()) {
      loop(item, body);
    } else if (repeats_unindexed(item)) {
      return;  // reported in the loop's first iteration
    } else if (!limits_.node_fits(ctx_.range(item))) {
      return;  // every other item is a node
    } else if (item.is_type<grammar::if_node>() || item.is_type<grammar::while_node>() ||
               item.is_type<grammar::switch_node>()) {
      conditional(item, body);
    } else if (item.is_type<grammar::alloc_node>()) {
      alloc(item, body);
    } else {
      ir::Node& node = graph_.nodes.emplace_back();
      build_node(ctx_, item, node);
      node.body = body;
      node.name = node_name(*item.children.at(0));
    }
  }

 private:
  // `for i in first..last { items }`: the items once per value of i, in order, each
  // expression naming i reading its value. children: the variable, first, last, items.
  void loop(const ParseNode& node, ir::BodyId body) {
    const ParseNode& variable = *node.children.at(0);
    const ParseNode& first = *node.children.at(1);
    const ParseNode& last = *node.children.at(2);
    const auto from = loops_.integer(build_expr(ctx_, first), graph_.consts, "the first value of the loop's range");
    const auto to = loops_.integer(build_expr(ctx_, last), graph_.consts, "the end of the loop's range");
    if (!from || !to) return;
    loops_.repeat(graph_, std::string(ctx_.text(variable)), ctx_.range(variable), *from, *to, ctx_.span(first, last),
                  [&](FileId iteration) {
                    const FileId outer = std::exchange(ctx_.file, iteration);
                    items(node, 3, body);
                    ctx_.file = outer;
                  });
  }

  // E0116 for a node declared in a loop without an index: whether to leave this copy out.
  bool repeats_unindexed(const ParseNode& item) {
    if (item.children.empty() || item.children[0]->is_type<grammar::node_name>()) return false;
    const ParseNode& name = *item.children[0];
    return loops_.repeats_unindexed(ctx_.text(name), ctx_.range(name));
  }

  // A node's name as declared or named in an edge: `a`, or `layer[i + 1]` as `layer_3`.
  std::string node_name(const ParseNode& node) {
    if (!node.is_type<grammar::node_name>()) return std::string(ctx_.text(node));
    return loops_.node_name(ctx_.text(*node.children.at(0)), build_expr(ctx_, *node.children.at(1)), graph_.consts,
                            ctx_.text(node));
  }

  // children: the node's name, the cond's name, then one child per body (then_body,
  // else_body, while_body or case_body), each holding the body's items (a case's value first).
  void conditional(const ParseNode& node, ir::BodyId body) {
    const ParseNode& name = *node.children.at(0);
    const ParseNode& cond = *node.children.at(1);
    ir::ConditionalNode conditional;
    conditional.type = node.is_type<grammar::if_node>()      ? ir::ConditionalNode::Type::if_
                       : node.is_type<grammar::while_node>() ? ir::ConditionalNode::Type::while_
                                                             : ir::ConditionalNode::Type::switch_;
    conditional.cond = ctx_.text(cond);
    conditional.cond_range = ctx_.range(cond);

    // The node comes before its bodies' nodes, as in the source.
    const ir::NodeId id{static_cast<std::uint32_t>(graph_.nodes.size())};
    ir::Node& out = graph_.nodes.emplace_back();
    out.name = node_name(name);
    out.name_range = ctx_.range(name);
    out.range = ctx_.range(node);
    out.body = body;

    std::vector<ir::BodyId> bodies;
    for (std::size_t i = 2; i < node.children.size(); ++i) {
      const ParseNode& part = *node.children[i];
      const ir::BodyId inner{static_cast<std::uint32_t>(graph_.bodies.size())};
      graph_.bodies.push_back(ir::Body{id, static_cast<std::uint32_t>(bodies.size()), body, ctx_.range(part)});
      bodies.push_back(inner);
      const bool is_case = part.is_type<grammar::case_body>();
      if (is_case) conditional.cases.push_back(build_expr(ctx_, *part.children.at(0)));
      items(part, is_case ? 1 : 0, inner);
    }
    conditional.bodies = std::move(bodies);
    graph_.nodes[id.value].op = std::move(conditional);  // `out` may have moved
  }

  // An alloc is a node and the buffer its name stands for: both, linked by their ids.
  void alloc(const ParseNode& node, ir::BodyId body) {
    const ir::BufferId buffer{static_cast<std::uint32_t>(graph_.buffers.size())};
    const ir::NodeId id{static_cast<std::uint32_t>(graph_.nodes.size())};
    graph_.buffers.push_back(build_alloc_memory(ctx_, node));
    graph_.buffers.back().alloc = id;
    ir::Node& out = graph_.nodes.emplace_back();
    out.name = graph_.buffers.back().name;
    out.name_range = graph_.buffers.back().name_range;
    out.range = graph_.buffers.back().range;
    out.body = body;
    out.op = ir::AllocNode{buffer};
  }

  // `a -> {b, c} -> d;`: one edge per arrow and pair of members, while they fit.
  void edges(const ParseNode& node, ir::BodyId body) {
    // children: side, arrow, (port,) side, arrow, (port,) side, ...
    const auto& children = node.children;
    const ParseNode* from_side = children.at(0);
    for (std::size_t i = 1; i < children.size();) {
      const SourceRange arrow = ctx_.range(*children.at(i++));
      ir::EdgePort port = ir::EdgePort::default_;
      SourceRange port_range;
      if (children.at(i)->is_type<grammar::edge_port>()) {
        port_range = ctx_.range(*children[i]);
        port = ctx_.text(*children[i]) == "programmatic" ? ir::EdgePort::programmatic : ir::EdgePort::launch_completion;
        ++i;
      }
      const ParseNode* to_side = children.at(i++);
      const ParseNode* single_from = nullptr;
      const ParseNode* single_to = nullptr;
      const auto from_members = members(*from_side, single_from);
      const auto to_members = members(*to_side, single_to);
      if (!limits_.edges_fit(from_members.size() * to_members.size(), arrow)) return;
      for (const ParseNode* from : from_members) {
        for (const ParseNode* to : to_members) {
          ir::Edge edge;
          edge.from = node_name(*from);
          edge.to = node_name(*to);
          edge.from_range = ctx_.range(*from);
          edge.to_range = ctx_.range(*to);
          edge.range = arrow;
          edge.body = body;
          edge.port = port;
          edge.port_range = port_range;
          graph_.edges.push_back(std::move(edge));
        }
      }
      from_side = to_side;
    }
  }

  BuildContext ctx_;  // its `loops` are loops_'s values
  ir::Graph& graph_;
  ir::GraphLimits limits_{graph_, ctx_.diags};
  LoopStack loops_{ctx_.diags, *ctx_.sources};  // the loops around the item being built
};

}  // namespace

struct GraphBuild::Parts {
  explicit Parts(const BuildContext& ctx) : ctx(ctx) {}
  BuildContext ctx;
  ir::Graph graph;
  std::optional<GraphBuilder> builder;  // once the header is read: it refers to `graph`
};

GraphBuild::GraphBuild(const BuildContext& ctx, const ParseNode& header) : parts_(std::make_unique<Parts>(ctx)) {
  ir::Graph& graph = parts_->graph;
  const ParseNode& name = *header.children.at(0);
  graph.name = ctx.text(name);
  graph.name_range = ctx.range(name);
  // children: the name, the parameters (if written), then the attributes (words).
  std::size_t next = 1;
  if (next < header.children.size() && header.children[next]->is_type<grammar::graph_parameters>()) {
    for (const ParseNode* parameter : header.children[next]->children) build_parameter(ctx, *parameter, graph);
    ++next;
  }
  for (; next < header.children.size(); ++next) {
    const ParseNode& attribute = *header.children[next];
    if (ctx.text(attribute) == "device_launch") {
      graph.device_launch = ctx.range(attribute);
      continue;
    }
    Diagnostic& d = ctx.diags.report(DiagCode::unknown_attribute, ctx.range(attribute), ctx.text(attribute));
    if (closest_name(std::string(ctx.text(attribute)), {"device_launch"})) {
      d.note<NoteCode::did_you_mean>(SourceRange{}, "device_launch");
    }
  }
  parts_->builder.emplace(parts_->ctx, graph);
}

GraphBuild::~GraphBuild() = default;

void GraphBuild::item(const ParseNode& item) { parts_->builder->item(item, ir::BodyId{}); }

ir::Graph GraphBuild::finish(SourceRange range) {
  parts_->builder.reset();
  parts_->graph.range = range;
  return std::move(parts_->graph);
}

}  // namespace graphc::frontend::text

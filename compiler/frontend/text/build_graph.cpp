#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "diag/spellcheck.h"
#include "frontend/text/builders.h"
#include "frontend/text/loop_integer.h"
#include "ir/limits.h"

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

// Fills one graph from its items and, recursively, from the bodies of its conditional
// nodes: a body's nodes, edges and conds go into the graph's tables, marked with the body.
class GraphBuilder {
 public:
  GraphBuilder(const BuildContext& ctx, ir::Graph& graph) : ctx_(ctx), graph_(graph) { ctx_.loops = &loops_; }

  // The items of `parent` from child `first` on, in `body`.
  void items(const ParseNode& parent, std::size_t first, ir::BodyId body) {
    for (std::size_t i = first; i < parent.children.size(); ++i) item(*parent.children[i], body);
  }

 private:
  void item(const ParseNode& item, ir::BodyId body) {
    if (item.is_type<grammar::const_decl>()) {
      graph_.consts.push_back(build_const(ctx_, item));
    } else if (item.is_type<grammar::param_decl>()) {
      graph_.params.push_back(build_param(ctx_, item));
    } else if (item.is_type<grammar::buffer_decl>()) {
      graph_.buffers.push_back(build_buffer(ctx_, item));
    } else if (item.is_type<grammar::cond_decl>()) {
      graph_.conds.push_back(build_cond(ctx_, item, body));
    } else if (item.is_type<grammar::event_decl>()) {
      graph_.events.push_back(build_event(ctx_, item));
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
      graph_.nodes.push_back(build_node(ctx_, item));
      graph_.nodes.back().body = body;
      graph_.nodes.back().name = node_name(*item.children.at(0));
    }
  }

  // `for i in first..last { items }`: the items once per value of i, in order, each
  // expression naming i reading its value. children: the variable, first, last, items.
  void loop(const ParseNode& node, ir::BodyId body) {
    const ParseNode& variable = *node.children.at(0);
    const std::string name(ctx_.text(variable));
    const auto first = loop_integer(*node.children.at(1), "the first value of the loop's range");
    const auto last = loop_integer(*node.children.at(2), "the end of the loop's range");
    if (shadows(variable) || !first || !last) return;
    if (*last <= *first) {
      if (once(node)) ctx_.diags.report(DiagCode::empty_loop, ctx_.span(*node.children.at(1), *node.children.at(2)), name, *first,
                        *last);
      return;
    }
    const std::int64_t count = *last - *first;
    if (count * iterations_ > static_cast<std::int64_t>(ir::kMaxNodes)) {
      if (once(node)) ctx_.diags.report(DiagCode::loop_too_long, ctx_.span(*node.children.at(1), *node.children.at(2)), name,
                        count * iterations_, ir::kMaxNodes);
      return;
    }
    const std::int64_t outer = iterations_;
    iterations_ *= count;
    for (std::int64_t value = *first; value < *last; ++value) {
      loops_.push_back(LoopValue{ctx_.text(variable), value, ctx_.range(variable)});
      first_values_.push_back(value == *first);
      items(node, 3, body);
      first_values_.pop_back();
      loops_.pop_back();
    }
    iterations_ = outer;
  }

  // A loop's bound or a node's index, folded; E0227 when it is not a compile-time integer.
  std::optional<std::int64_t> loop_integer(const ParseNode& node, std::string_view what) {
    std::string why;
    SourceRange at;
    const auto value = fold_loop_integer(build_expr(ctx_, node), graph_.consts, why, at);
    if (!value && once(node)) ctx_.diags.report(DiagCode::loop_integer, at, what, why);
    return value;
  }

  // Whether `node` is reported for the first time: a loop's items are built once per
  // iteration, and the errors that every iteration repeats are reported once.
  bool once(const ParseNode& node) { return reported_.insert(ctx_.range(node).begin).second; }

  // E0115: a loop variable named like a const, param or buffer declared before the loop,
  // or like the variable of a loop around it; a note points at that declaration.
  bool shadows(const ParseNode& variable) {
    const std::string_view name = ctx_.text(variable);
    const auto declared = [name](const auto& list) -> const SourceRange* {
      const auto it = std::find_if(list.begin(), list.end(), [name](const auto& e) { return e.name == name; });
      return it == list.end() ? nullptr : &it->name_range;
    };
    const char* kind = nullptr;
    const SourceRange* at = nullptr;
    if (const LoopValue* loop = ctx_.loop(name)) {
      kind = "loop variable";
      at = &loop->range;
    } else if ((at = declared(graph_.consts))) {
      kind = "const";
    } else if ((at = declared(graph_.params))) {
      kind = "param";
    } else if ((at = declared(graph_.buffers))) {
      kind = "buffer";
    }
    if (kind == nullptr) return false;
    if (once(variable)) ctx_.diags.report(DiagCode::loop_variable_shadows, ctx_.range(variable), name, kind, name)
        .note(*at, "{} '{}' is declared here", kind, name);
    return true;
  }

  // E0116: a node without an index, declared in a loop of more than one iteration, would be
  // declared once per iteration. Reported in the first iteration of every loop around it,
  // where the node is kept; true (leave it out) in every later one.
  bool repeats_unindexed(const ParseNode& item) {
    if (iterations_ == 1 || item.children.empty() || item.children[0]->is_type<grammar::node_name>()) return false;
    if (item.is_type<grammar::cond_decl>() || item.is_type<grammar::for_stmt>()) return false;
    const bool first = std::all_of(first_values_.begin(), first_values_.end(), [](bool b) { return b; });
    if (first) {
      const ParseNode& name = *item.children[0];
      ctx_.diags
          .report(DiagCode::unindexed_loop_node, ctx_.range(name), ctx_.text(name), iterations_, ctx_.text(name),
                  loops_.back().name)
          .note(loops_.back().range, "the loop over '{}' is here", loops_.back().name);
    }
    return !first;
  }

  // A node's name as declared or named in an edge: `a`, or `layer[i + 1]` as `layer_3`.
  // An index that does not fold keeps the name as written (the error is reported).
  std::string node_name(const ParseNode& node) {
    if (!node.is_type<grammar::node_name>()) return std::string(ctx_.text(node));
    const ParseNode& base = *node.children.at(0);
    const auto index = loop_integer(*node.children.at(1), "the index of '" + std::string(ctx_.text(base)) + "'");
    if (!index) return std::string(ctx_.text(node));
    return std::string(ctx_.text(base)) + "_" + (*index < 0 ? "m" + std::to_string(-*index) : std::to_string(*index));
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
    const ParseNode* from_side = children.at(0).get();
    for (std::size_t i = 1; i < children.size();) {
      const SourceRange arrow = ctx_.range(*children.at(i++));
      ir::EdgePort port = ir::EdgePort::default_;
      SourceRange port_range;
      if (children.at(i)->is_type<grammar::edge_port>()) {
        port_range = ctx_.range(*children[i]);
        port = ctx_.text(*children[i]) == "programmatic" ? ir::EdgePort::programmatic : ir::EdgePort::launch_completion;
        ++i;
      }
      const ParseNode* to_side = children.at(i++).get();
      if (!limits_.edges_fit(members(*from_side).size() * members(*to_side).size(), arrow)) return;
      for (const ParseNode* from : members(*from_side)) {
        for (const ParseNode* to : members(*to_side)) {
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

  BuildContext ctx_;  // its `loops` are loops_
  ir::Graph& graph_;
  ir::GraphLimits limits_{graph_, ctx_.diags};
  std::vector<LoopValue> loops_;    // the loops around the item being built, outermost first
  std::vector<bool> first_values_;  // per loop: whether its variable has its first value
  std::int64_t iterations_ = 1;     // how many times the item being built is repeated
  std::set<std::uint32_t> reported_;  // the positions of the loop errors reported
};

}  // namespace

ir::Graph build_graph(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::Graph graph;
  graph.name = ctx.text(name);
  graph.name_range = ctx.range(name);
  graph.range = ctx.range(node);
  // children: the name, the parameters (if written), the attributes (words), then the items.
  std::size_t first_item = 1;
  if (first_item < node.children.size() && node.children[first_item]->is_type<grammar::graph_parameters>()) {
    for (const auto& parameter : node.children[first_item]->children) build_parameter(ctx, *parameter, graph);
    ++first_item;
  }
  for (; first_item < node.children.size() && node.children[first_item]->is_type<grammar::word>(); ++first_item) {
    const ParseNode& attribute = *node.children[first_item];
    if (ctx.text(attribute) == "device_launch") {
      graph.device_launch = ctx.range(attribute);
      continue;
    }
    Diagnostic& d = ctx.diags.report(DiagCode::unknown_attribute, ctx.range(attribute), ctx.text(attribute));
    if (closest_name(std::string(ctx.text(attribute)), {"device_launch"})) {
      d.note(SourceRange{}, "did you mean 'device_launch'?");
    }
  }
  GraphBuilder(ctx, graph).items(node, first_item, ir::BodyId{});
  return graph;
}

}  // namespace graphc::frontend::text

// A graph map: its declarations (build_decls.cpp), then its nodes (conditional nodes with
// their body maps, recursively), edges and loops (expanded, as the text front end expands
// `for`), into the graph's tables in the order the text front end fills them.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "frontend/yaml/builders.h"
#include "grammar/errors.hpp"
#include "ir/limits.h"

namespace graphc::frontend::yaml {
namespace {

class GraphBuilder {
 public:
  GraphBuilder(YamlReader& reader, text::LoopStack& loops, ir::Graph& graph)
      : r_(reader), loops_(loops), graph_(graph) {}

  void build(const YAML::Node& map) {
    const std::string what = fmt::format("graph '{}'", graph_.name);
    if (!r_.is_map(map, what) || !r_.check_keys(map, what,
                                                {"parameters", "attributes", "consts", "variants", "params", "buffers",
                                                 "views", "events", "comms", "conds", "nodes", "edges", "loops"})) {
      return;
    }
    build_declarations(r_, map, graph_);
    items(map, ir::BodyId{}, what);
  }

 private:
  // The conds, nodes and edges of the graph or of a body (`what` names it).
  void items(const YAML::Node& map, ir::BodyId body, const std::string& what) {
    r_.each_entry(map["conds"], "the conds of " + what, [&](const YAML::Node& k, const YAML::Node& v) {
      if (auto c = build_cond(r_, k, v, body)) graph_.conds.push_back(std::move(*c));
    });
    r_.each_entry(map["nodes"], "the nodes of " + what,
                  [&](const YAML::Node& k, const YAML::Node& v) { node(k, v, body); });
    if (const YAML::Node list = map["edges"]) edges(list, body, "the edges of " + what);
    if (const YAML::Node list = map["loops"]) loops(list, body, "the loops of " + what);
  }

  // - {for: i, in: [first, last], nodes: {...}, edges: [...], loops: [...]}: the items once
  // per value of i from first to last (excluded), as the text front end expands `for`.
  void loops(const YAML::Node& list, ir::BodyId body, const std::string& what) {
    if (!r_.is_list(list, what)) return;
    for (const YAML::Node& loop : list) {
      if (!r_.is_map(loop, "a loop") ||
          !r_.check_keys(loop, "a loop", {"for", "in", "conds", "nodes", "edges", "loops"})) {
        continue;
      }
      const auto variable = r_.required(loop, "for", "a loop");
      const auto range = r_.required(loop, "in", "a loop");
      if (!variable || !range) continue;
      const auto name = r_.name(*variable, "the variable of a loop");
      if (!name || !r_.is_list(*range, "the range of a loop")) continue;
      if (range->size() != 2) {
        r_.diags().report(DiagCode::yaml_wrong_shape, r_.range(*range), "the range of a loop",
                          "a list of 2 values, [first, last]", fmt::format("a list of {}", range->size()));
        continue;
      }
      const auto first = r_.expr((*range)[0], "the first value of the loop's range");
      const auto last = r_.expr((*range)[1], "the end of the loop's range");
      if (!first || !last) continue;
      const auto from = loops_.integer(*first, graph_.consts, "the first value of the loop's range");
      const auto to = loops_.integer(*last, graph_.consts, "the end of the loop's range");
      if (!from || !to) continue;
      // Loops nest as deep as conditional bodies (grammar::max_body_nesting).
      if (depth_ == grammar::max_body_nesting) {
        r_.diags().report(DiagCode::syntax_error, r_.range(*variable), grammar::body_nesting_error_message);
        return;
      }
      const SourceRange bounds{first->range.file, first->range.begin, last->range.end};
      ++depth_;
      loops_.repeat(graph_, *name, r_.range(*variable), *from, *to, bounds, [&](FileId iteration) {
        const FileId outer = r_.file();
        r_.set_file(iteration);
        items(loop, body, "a loop");
        r_.set_file(outer);
      });
      --depth_;
    }
  }

  // A node's name where it is declared or named in an edge: `a`, or `layer[i + 1]` as
  // `layer_3`. Nullopt after a diagnostic.
  std::optional<std::string> node_name(const YAML::Node& node, std::string_view what) {
    const auto written = r_.node_name(node, what);
    if (!written) return std::nullopt;
    return loops_.node_name(written->base, written->index, graph_.consts, node.Scalar());
  }

  void node(const YAML::Node& key, const YAML::Node& value, ir::BodyId body) {
    const auto written = r_.node_name(key, "the name of a node");
    if (!written) return;
    const SourceRange name_range = r_.range(key);
    if (!written->index && loops_.repeats_unindexed(written->base, name_range)) return;
    const std::string name = loops_.node_name(written->base, written->index, graph_.consts, key.Scalar());
    if (!limits_.node_fits(name_range)) return;
    const std::string what = fmt::format("node '{}'", name);
    if (!r_.is_map(value, what)) return;
    std::vector<std::string> kinds;
    for (const auto& entry : value) {
      for (const std::string_view k : kNodeKeys) {
        if (entry.first.IsScalar() && entry.first.Scalar() == k) kinds.emplace_back(k);
      }
    }
    if (kinds.size() != 1) {
      std::string all;
      for (const std::string_view k : kNodeKeys) all += (all.empty() ? "" : ", ") + std::string(k);
      r_.diags().report(DiagCode::yaml_node_kind, name_range, name, all,
                        kinds.empty() ? std::string("none") : fmt::format("{}", fmt::join(kinds, ", ")));
      return;
    }
    const std::string& kind = kinds.front();
    if (kind == "if" || kind == "while" || kind == "switch") {
      conditional(value, kind, name, name_range, body);
    } else if (kind == "alloc") {
      alloc(value, name, name_range, body);
    } else if (auto built = build_simple_node(r_, value, kind, name, what)) {
      built->name_range = name_range;
      built->range = name_range;
      built->body = body;
      graph_.nodes.push_back(std::move(*built));
    }
  }

  // {alloc: {type: f32, count: N}}: a node and the buffer its name stands for.
  void alloc(const YAML::Node& map, const std::string& name, SourceRange name_range, ir::BodyId body) {
    auto memory = build_alloc_memory(r_, map, name, name_range);
    if (!memory) return;
    const ir::BufferId buffer{static_cast<std::uint32_t>(graph_.buffers.size())};
    memory->alloc = ir::NodeId{static_cast<std::uint32_t>(graph_.nodes.size())};
    graph_.buffers.push_back(std::move(*memory));
    ir::Node& out = graph_.nodes.emplace_back();
    out.name = name;
    out.name_range = name_range;
    out.range = name_range;
    out.body = body;
    out.op = ir::AllocNode{buffer};
  }

  // {if: c, then: {...}, else: {...}}, {while: c, body: {...}}, {switch: c, cases: [{...}, ...]}:
  // the node, then its bodies' items (the text front end's order).
  void conditional(const YAML::Node& map, const std::string& kind, const std::string& name, SourceRange name_range,
                   ir::BodyId body) {
    const std::string what = fmt::format("{} '{}'", kind, name);
    ir::ConditionalNode c;
    std::vector<YAML::Node> bodies;
    if (kind == "if") {
      if (!r_.check_keys(map, what, {"if", "then", "else"})) return;
      c.type = ir::ConditionalNode::Type::if_;
      const auto then = r_.required(map, "then", what);
      if (!then) return;
      bodies.push_back(*then);
      if (const YAML::Node otherwise = map["else"]) bodies.push_back(otherwise);
    } else if (kind == "while") {
      if (!r_.check_keys(map, what, {"while", "body"})) return;
      c.type = ir::ConditionalNode::Type::while_;
      const auto loop = r_.required(map, "body", what);
      if (!loop) return;
      bodies.push_back(*loop);
    } else {
      if (!r_.check_keys(map, what, {"switch", "cases"})) return;
      c.type = ir::ConditionalNode::Type::switch_;
      const auto cases = r_.required(map, "cases", what);
      if (!cases || !r_.is_list(*cases, fmt::format("the cases of {}", what))) return;
      for (const YAML::Node& b : *cases) bodies.push_back(b);
    }
    const auto cond = r_.name(map[kind], fmt::format("the cond of {}", what));
    if (!cond) return;
    c.cond = *cond;
    c.cond_range = r_.range(map[kind]);

    // Bodies nest as deep as the text grammar lets them (grammar::max_body_nesting).
    if (depth_ == grammar::max_body_nesting) {
      r_.diags().report(DiagCode::syntax_error, name_range, grammar::body_nesting_error_message);
      return;
    }
    const ir::NodeId id{static_cast<std::uint32_t>(graph_.nodes.size())};
    ir::Node& out = graph_.nodes.emplace_back();
    out.name = name;
    out.name_range = name_range;
    out.range = name_range;
    out.body = body;
    ++depth_;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const ir::BodyId inner{static_cast<std::uint32_t>(graph_.bodies.size())};
      graph_.bodies.push_back(ir::Body{id, static_cast<std::uint32_t>(i), body, r_.range(bodies[i])});
      c.bodies.push_back(inner);
      if (c.type == ir::ConditionalNode::Type::switch_) {
        // The case's value is its place in the list: case i runs body i.
        ir::Expr value;
        value.literal = ir::Scalar::of_integer(ir::ScalarType::i32, static_cast<std::int64_t>(i));
        value.range = r_.range(bodies[i]);
        c.cases.push_back(std::move(value));
      }
      const std::string body_what = fmt::format("a body of {}", what);
      if (bodies[i].IsNull()) continue;  // `then:` with nothing: an empty body
      if (!r_.is_map(bodies[i], body_what) ||
          !r_.check_keys(bodies[i], body_what, {"conds", "nodes", "edges", "loops"})) {
        continue;
      }
      items(bodies[i], inner, body_what);
    }
    --depth_;
    graph_.nodes[id.value].op = std::move(c);  // `out` may have moved
  }

  // - [a, b, [c, d], e]: a chain, a list inside it a group; - {from: a, to: [b, c], port: programmatic}
  void edges(const YAML::Node& list, ir::BodyId body, const std::string& what) {
    if (!r_.is_list(list, what)) return;
    for (const YAML::Node& item : list) {
      if (item.IsSequence()) {
        if (item.size() < 2) {
          r_.diags().report(DiagCode::yaml_wrong_shape, r_.range(item), "a chain of edges", "a list of 2 or more nodes",
                            fmt::format("a list of {}", item.size()));
          continue;
        }
        for (std::size_t i = 0; i + 1 < item.size(); ++i)
          connect(item[i], item[i + 1], ir::EdgePort::default_, {}, body);
        continue;
      }
      if (!r_.is_map(item, "an edge") || !r_.check_keys(item, "an edge", {"from", "to", "port"})) continue;
      const auto from = r_.required(item, "from", "an edge");
      const auto to = r_.required(item, "to", "an edge");
      if (!from || !to) continue;
      ir::EdgePort port = ir::EdgePort::default_;
      SourceRange port_range;
      if (const YAML::Node p = item["port"]) {
        const auto word = r_.word(p, "an edge's port");
        if (!word) continue;
        if (*word == "programmatic") {
          port = ir::EdgePort::programmatic;
        } else if (*word == "launch_completion") {
          port = ir::EdgePort::launch_completion;
        } else {
          r_.diags().report(DiagCode::yaml_wrong_shape, r_.range(p), "an edge's port",
                            "programmatic or launch_completion", fmt::format("'{}'", *word));
          continue;
        }
        port_range = r_.range(p);
      }
      connect(*from, *to, port, port_range, body);
    }
  }

  // One edge per pair of members of `from` and `to` (a name, or a list of names).
  void connect(const YAML::Node& from, const YAML::Node& to, ir::EdgePort port, SourceRange port_range,
               ir::BodyId body) {
    const auto members = [&](const YAML::Node& side) {
      std::vector<YAML::Node> out;
      if (side.IsSequence()) {
        for (const YAML::Node& m : side) out.push_back(m);
      } else {
        out.push_back(side);
      }
      return out;
    };
    if (!limits_.edges_fit(members(from).size() * members(to).size(), r_.range(from))) return;
    for (const YAML::Node& f : members(from)) {
      for (const YAML::Node& t : members(to)) {
        const auto a = node_name(f, "a node of an edge");
        const auto b = node_name(t, "a node of an edge");
        if (!a || !b) continue;
        ir::Edge edge;
        edge.from = *a;
        edge.to = *b;
        edge.from_range = r_.range(f);
        edge.to_range = r_.range(t);
        edge.range = edge.to_range;
        edge.body = body;
        edge.port = port;
        edge.port_range = port_range;
        graph_.edges.push_back(std::move(edge));
      }
    }
  }

  YamlReader& r_;
  text::LoopStack& loops_;
  ir::Graph& graph_;
  std::size_t depth_ = 0;  // conditional bodies and loops open
  ir::GraphLimits limits_{graph_, r_.diags()};
};

}  // namespace

std::optional<ir::Graph> build_graph(YamlReader& reader, text::LoopStack& loops, const YAML::Node& key,
                                     const YAML::Node& value) {
  const auto name = reader.name(key, "the name of a graph");
  if (!name) return std::nullopt;
  ir::Graph graph;
  graph.name = *name;
  graph.name_range = reader.range(key);
  graph.range = graph.name_range;
  GraphBuilder(reader, loops, graph).build(value);
  return graph;
}

}  // namespace graphc::frontend::yaml

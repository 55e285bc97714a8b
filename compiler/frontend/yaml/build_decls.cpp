// A graph map's declarations: its parameters and attributes, then its variant dimension,
// consts, params, buffers, views and events, and the conds of its bodies and the memory of its alloc
// nodes, each read as its text form is (frontend/text/build_decls.cpp) into the graph's
// tables, in the order the text front end fills them.
#include <string>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "frontend/text/builders.h"
#include "frontend/yaml/builders.h"

namespace graphc::frontend::yaml {
namespace {

// A name key; sets `name` and `range` and returns whether it is one.
bool declared(const YamlReader& r, const YAML::Node& key, std::string_view kind, std::string& name,
              SourceRange& range) {
  const auto text = r.name(key, fmt::format("the name of a {}", kind));
  if (!text) return false;
  name = *text;
  range = r.range(key);
  return true;
}

bool typed(const YamlReader& r, const YAML::Node& node, ir::ScalarType& type) {
  const auto word = r.word(node, "a type");
  if (!word) return false;
  const auto t = text::check_type(r.diags(), r.range(node), *word);
  if (t) type = *t;
  return t.has_value();
}

bool spaced(const YamlReader& r, const YAML::Node& node, std::string_view what, ir::MemorySpace& space) {
  const auto word = r.word(node, fmt::format("the memory space of {}", what));
  if (!word) return false;
  const auto s = text::check_space(r.diags(), r.range(node), *word);
  if (s) space = *s;
  return s.has_value();
}

bool counted(const YamlReader& r, const YAML::Node& node, std::string_view what, ir::Expr& count) {
  const auto e = r.expr(node, fmt::format("the count of {}", what));
  if (e) count = *e;
  return e.has_value();
}

// - {name: x, type: f32, count: N, space: device}  (buffer)  - {name: s, type: f32}  (scalar)
// - {name: c, type: comm}  (communicator)
void parameters(const YamlReader& r, const YAML::Node& list, ir::Graph& graph) {
  const std::string what = fmt::format("the parameters of graph '{}'", graph.name);
  if (!r.is_list(list, what)) return;
  for (const YAML::Node& p : list) {
    if (!r.is_map(p, "a parameter") || !r.check_keys(p, "a parameter", {"name", "type", "count", "space"})) continue;
    const auto name = r.required(p, "name", "a parameter");
    const auto type = r.required(p, "type", "a parameter");
    if (!name || !type) continue;
    ir::Parameter parameter;
    if (!p["count"] && !p["space"] && type->IsScalar() && type->Scalar() == "comm") {
      ir::Comm c;
      if (!declared(r, *name, "parameter", c.name, c.name_range)) continue;
      c.range = c.name_range;
      graph.comms.push_back(std::move(c));
      parameter.kind = ir::Parameter::Kind::comm;
      parameter.comm = ir::CommId{static_cast<std::uint32_t>(graph.comms.size() - 1)};
    } else if (p["count"] || p["space"]) {
      ir::Buffer b;
      if (!declared(r, *name, "parameter", b.name, b.name_range) || !typed(r, *type, b.type)) continue;
      b.range = b.name_range;
      const std::string of = fmt::format("parameter '{}'", b.name);
      const auto count = r.required(p, "count", of);
      const auto space = r.required(p, "space", of);
      if (!count || !space || !counted(r, *count, of, b.count) || !spaced(r, *space, of, b.space)) continue;
      graph.buffers.push_back(std::move(b));
      parameter.kind = ir::Parameter::Kind::buffer;
      parameter.buffer = ir::BufferId{static_cast<std::uint32_t>(graph.buffers.size() - 1)};
    } else {
      ir::Param s;
      if (!declared(r, *name, "parameter", s.name, s.name_range) || !typed(r, *type, s.type)) continue;
      s.range = s.name_range;
      graph.params.push_back(std::move(s));
      parameter.kind = ir::Parameter::Kind::scalar;
      parameter.param = ir::ParamId{static_cast<std::uint32_t>(graph.params.size() - 1)};
    }
    graph.parameters.push_back(parameter);
  }
}

void attributes(const YamlReader& r, const YAML::Node& list, ir::Graph& graph) {
  if (!r.is_list(list, fmt::format("the attributes of graph '{}'", graph.name))) return;
  for (const YAML::Node& a : list) {
    const auto word = r.word(a, "a graph attribute");
    if (!word) continue;
    if (*word == "device_launch") {
      graph.device_launch = r.range(a);
      continue;
    }
    Diagnostic& d = r.diags().report(DiagCode::unknown_attribute, r.range(a), *word);
    if (closest_name(*word, {"device_launch"})) d.note<NoteCode::did_you_mean>(SourceRange{}, "device_launch");
  }
}

// N: expr
void constant(const YamlReader& r, const YAML::Node& key, const YAML::Node& value, ir::Graph& graph) {
  ir::Const c;
  if (!declared(r, key, "const", c.name, c.name_range)) return;
  c.range = c.name_range;
  const auto e = r.expr(value, fmt::format("const '{}'", c.name));
  if (!e) return;
  c.value = *e;
  if (r.defines() != nullptr) ir::apply_define(c, *r.defines());
  graph.consts.push_back(std::move(c));
}

// B: [1, 2, 4, 8]: the file's variant dimension, as `variant B in {1, 2, 4, 8};`.
void variant(const YamlReader& r, const YAML::Node& key, const YAML::Node& value, ir::Graph& graph) {
  ir::Const c;
  if (!declared(r, key, "variant dimension", c.name, c.name_range)) return;
  c.range = c.name_range;
  const std::string what = fmt::format("variant dimension '{}'", c.name);
  if (!r.is_list(value, what)) return;
  for (const YAML::Node& v : value) {
    const auto e = r.expr(v, fmt::format("a value of {}", what));
    if (!e) return;
    c.variants.push_back(*e);
  }
  if (c.variants.empty()) {
    r.diags().report(DiagCode::variant_value, r.range(value), c.name, "it takes no value; list them, as [1, 2, 4, 8]");
    return;
  }
  c.value = c.variants.back();  // the largest: the values ascend (E0124 otherwise)
  if (r.defines() != nullptr) ir::apply_define(c, *r.defines());
  graph.consts.push_back(std::move(c));
}

// scale: {type: f32, default: 2.0}; tint: {type: float4, default: 'float4{1, 2, 3, 4}'}
void param(const YamlReader& r, const YAML::Node& key, const YAML::Node& value, ir::Graph& graph) {
  ir::Param p;
  if (!declared(r, key, "param", p.name, p.name_range)) return;
  p.range = p.name_range;
  const std::string what = fmt::format("param '{}'", p.name);
  if (!r.is_map(value, what) || !r.check_keys(value, what, {"type", "default"})) return;
  const auto type = r.required(value, "type", what);
  if (!type || !typed(r, *type, p.type)) return;
  if (const YAML::Node d = value["default"]) {
    if (!r.param_default(d, fmt::format("the default of {}", what), p)) return;
  }
  graph.params.push_back(std::move(p));
}

// `count: [rows, width]`: a 2-D buffer; `[depth, rows, width]`: a 3-D one; a longer
// list has too many extents (E0119), a shorter one the wrong shape.
bool shaped(const YamlReader& r, const YAML::Node& node, std::string_view what, ir::Buffer& b) {
  if (!node.IsSequence()) return counted(r, node, what, b.count);
  if (node.size() > 3) {
    r.diags().report(DiagCode::buffer_rank, r.range(node), b.name, node.size());
    return false;
  }
  if (node.size() < 2) {
    r.diags().report(DiagCode::yaml_wrong_shape, r.range(node), fmt::format("the count of {}", what),
                     "a count, a list [rows, width] or a list [depth, rows, width]",
                     fmt::format("a list of {}", node.size()));
    return false;
  }
  const std::size_t rows = node.size() - 2;  // [depth,] rows, width
  ir::Expr width;
  ir::Expr depth;
  if (rows == 1 && !counted(r, node[0], what, depth)) return false;
  if (!counted(r, node[rows], what, b.count) || !counted(r, node[rows + 1], what, width)) return false;
  b.width = width;
  if (rows == 1) b.depth = depth;
  return true;
}

// {fill: v}, {iota: start} or {list: [v0, v1, ...]}
bool initial(const YamlReader& r, const YAML::Node& node, const std::string& what, ir::BufferInit& init) {
  const std::string of = "the initial contents of " + what;
  if (!r.is_map(node, of) || !r.check_keys(node, of, {"fill", "iota", "list"})) return false;
  if (node.size() != 1) {
    r.diags().report(DiagCode::yaml_wrong_shape, r.range(node), of, "one of fill, iota or list",
                     fmt::format("{} of them", node.size()));
    return false;
  }
  init.range = r.range(node);
  const auto entry = *node.begin();
  const std::string kind = entry.first.Scalar();
  init.kind = kind == "fill"   ? ir::BufferInit::Kind::fill
              : kind == "iota" ? ir::BufferInit::Kind::iota
                               : ir::BufferInit::Kind::list;
  if (init.kind != ir::BufferInit::Kind::list) {
    const auto e = r.expr(entry.second, of);
    if (!e) return false;
    init.values.push_back(*e);
    return true;
  }
  if (!r.is_list(entry.second, of)) return false;
  for (const YAML::Node& v : entry.second) {
    const auto e = r.expr(v, of);
    if (!e) return false;
    init.values.push_back(*e);
  }
  return true;
}

// `device: 1, peers: [0]`: `device(1) peers(0)`.
bool placed(const YamlReader& r, const YAML::Node& value, std::string_view what, ir::Buffer& b) {
  if (const YAML::Node device = value["device"]) {
    const auto e = r.expr(device, fmt::format("the device of {}", what));
    if (!e) return false;
    b.device = *e;
  }
  if (const YAML::Node peers = value["peers"]) {
    const std::string of = fmt::format("the peers of {}", what);
    if (!r.is_list(peers, of)) return false;
    for (const YAML::Node& peer : peers) {
      const auto e = r.expr(peer, of);
      if (!e) return false;
      b.peers.push_back(*e);
    }
  }
  return true;
}

// x: {type: f32, count: N, space: device, init: {fill: 0}}; `count: [H, W]`: 2-D,
// `count: [D, H, W]`: 3-D; `device: 1` and `peers: [0]` place device memory.
void buffer(const YamlReader& r, const YAML::Node& key, const YAML::Node& value, ir::Graph& graph) {
  ir::Buffer b;
  if (!declared(r, key, "buffer", b.name, b.name_range)) return;
  b.range = b.name_range;
  const std::string what = fmt::format("buffer '{}'", b.name);
  if (!r.is_map(value, what) || !r.check_keys(value, what, {"type", "count", "space", "device", "peers", "init"})) {
    return;
  }
  const auto type = r.required(value, "type", what);
  const auto count = r.required(value, "count", what);
  const auto space = r.required(value, "space", what);
  if (!type || !count || !space || !typed(r, *type, b.type) || !shaped(r, *count, what, b) ||
      !spaced(r, *space, what, b.space) || !placed(r, value, what, b)) {
    return;
  }
  if (const YAML::Node init = value["init"]) {
    if (!initial(r, init, what, b.init)) return;
  }
  graph.buffers.push_back(std::move(b));
}

// words: {type: u32, count: 2 * N, of: data, offset: k}: `view words : u32[2 * N] of data + k;`
void view(const YamlReader& r, const YAML::Node& key, const YAML::Node& value, ir::Graph& graph) {
  ir::Buffer b;
  if (!declared(r, key, "view", b.name, b.name_range)) return;
  b.range = b.name_range;
  const std::string what = fmt::format("view '{}'", b.name);
  if (!r.is_map(value, what) || !r.check_keys(value, what, {"type", "count", "of", "offset", "init"})) return;
  const auto type = r.required(value, "type", what);
  const auto count = r.required(value, "count", what);
  const auto of = r.required(value, "of", what);
  if (!type || !count || !of || !typed(r, *type, b.type) || !counted(r, *count, what, b.count)) return;
  ir::BufferView view;
  const auto base = r.name(*of, fmt::format("the base of {}", what));
  if (!base) return;
  view.base = *base;
  view.base_range = r.range(*of);
  if (const YAML::Node offset = value["offset"]) {
    view.offset = r.expr(offset, fmt::format("the offset of {}", what));
    if (!view.offset) return;
  }
  if (const YAML::Node init = value["init"]) {
    if (!initial(r, init, what, b.init)) return;
  }
  b.view = std::move(view);
  graph.buffers.push_back(std::move(b));
}

// [a, {b: [attribute, ...]}]: declarations of `kind`, each a name or a name with its
// attributes, which `check` (the text grammar's check of the words) sets on it: events'
// `timing`, communicators' `register`.
template <class Decl, class Check>
void attributed_names(const YamlReader& r, const YAML::Node& list, const std::string& what, std::string_view kind,
                      std::vector<Decl>& out, Check check) {
  if (!r.is_list(list, what)) return;
  for (const YAML::Node& e : list) {
    Decl decl;
    if (e.IsMap() && e.size() == 1) {
      const auto entry = *e.begin();
      if (!declared(r, entry.first, kind, decl.name, decl.name_range)) continue;
      const std::string of = fmt::format("the attributes of {} '{}'", kind, decl.name);
      if (r.is_list(entry.second, of)) {
        for (const YAML::Node& a : entry.second) {
          if (const auto word = r.word(a, fmt::format("an attribute of {} '{}'", kind, decl.name))) {
            check(r.diags(), r.range(a), *word, decl);
          }
        }
      }
    } else if (!declared(r, e, kind, decl.name, decl.name_range)) {
      continue;
    }
    decl.range = decl.name_range;
    out.push_back(std::move(decl));
  }
}

}  // namespace

void build_declarations(const YamlReader& r, const YAML::Node& map, ir::Graph& graph) {
  const std::string what = fmt::format("graph '{}'", graph.name);
  if (const YAML::Node list = map["parameters"]) parameters(r, list, graph);
  if (const YAML::Node list = map["attributes"]) attributes(r, list, graph);
  r.each_entry(map["variants"], "the variant dimension of " + what,
               [&](const YAML::Node& k, const YAML::Node& v) { variant(r, k, v, graph); });
  r.each_entry(map["consts"], "the consts of " + what,
               [&](const YAML::Node& k, const YAML::Node& v) { constant(r, k, v, graph); });
  r.each_entry(map["params"], "the params of " + what,
               [&](const YAML::Node& k, const YAML::Node& v) { param(r, k, v, graph); });
  r.each_entry(map["buffers"], "the buffers of " + what,
               [&](const YAML::Node& k, const YAML::Node& v) { buffer(r, k, v, graph); });
  r.each_entry(map["views"], "the views of " + what,
               [&](const YAML::Node& k, const YAML::Node& v) { view(r, k, v, graph); });
  if (const YAML::Node list = map["events"]) {  // [done, {start: [timing]}]
    attributed_names(r, list, "the events of " + what, "event", graph.events, text::check_event_attribute);
  }
  if (const YAML::Node list = map["comms"]) {  // [dp, {tp: [register]}]
    attributed_names(r, list, "the communicators of " + what, "communicator", graph.comms, text::check_comm_attribute);
  }
}

// go: {default: 1}, or go: {} / go: (no default)
std::optional<ir::Cond> build_cond(const YamlReader& r, const YAML::Node& key, const YAML::Node& value,
                                   ir::BodyId body) {
  ir::Cond c;
  if (!declared(r, key, "cond", c.name, c.name_range)) return std::nullopt;
  c.range = c.name_range;
  c.body = body;
  const std::string what = fmt::format("cond '{}'", c.name);
  if (value && !value.IsNull()) {
    if (!r.is_map(value, what) || !r.check_keys(value, what, {"default"})) return std::nullopt;
    if (const YAML::Node d = value["default"]) {
      const auto e = r.expr(d, fmt::format("the default of {}", what));
      if (!e) return std::nullopt;
      c.default_value = *e;
    }
  }
  return c;
}

// {alloc: {type: f32, count: N}}; `device: 1, peers: [0]`: `device(1) peers(0)`
std::optional<ir::Buffer> build_alloc_memory(const YamlReader& r, const YAML::Node& map, const std::string& name,
                                             SourceRange name_range) {
  const std::string what = fmt::format("alloc '{}'", name);
  if (!r.check_keys(map, what, {"alloc"})) return std::nullopt;
  const YAML::Node fields = map["alloc"];
  if (!r.is_map(fields, what) || !r.check_keys(fields, what, {"type", "count", "device", "peers"})) {
    return std::nullopt;
  }
  const auto type = r.required(fields, "type", what);
  const auto count = r.required(fields, "count", what);
  ir::Buffer memory;
  if (!type || !count || !typed(r, *type, memory.type) || !counted(r, *count, what, memory.count) ||
      !placed(r, fields, what, memory)) {
    return std::nullopt;
  }
  memory.name = name;
  memory.name_range = name_range;
  memory.range = name_range;
  memory.space = ir::MemorySpace::device;
  return memory;
}

}  // namespace graphc::frontend::yaml

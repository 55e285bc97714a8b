// Node maps: `{kernel: f, grid: ..., block: ..., args: [...]}`, `{copy: {dst: ..., src: ...}}`,
// `{memset: {dst: ..., value: ...}}`, `{host: f, args: [...]}`, `{empty: {}}`, `{record: e}`, `{wait: e}`,
// `{alloc: {type: ..., count: ...}}`, `{free: a}`, `{call: g, args: [...]}`.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "frontend/text/builders.h"
#include "frontend/yaml/builders.h"
#include "ir/node_kind.h"

namespace graphc::frontend::yaml {
namespace {

// `256` or `[x, y]` / `[x, y, z]`: a grid or block.
std::optional<std::vector<ir::Expr>> dims(const YamlReader& r, const YAML::Node& node, std::string_view what) {
  std::vector<ir::Expr> out;
  if (node.IsSequence() && node.size() >= 1 && node.size() <= 3) {
    for (const YAML::Node& d : node) {
      const auto e = r.expr(d, what);
      if (!e) return std::nullopt;
      out.push_back(*e);
    }
    return out;
  }
  if (node.IsSequence()) {
    r.diags().report(DiagCode::yaml_wrong_shape, r.range(node), what, "one expression or a list of 1 to 3",
                     fmt::format("a list of {}", node.size()));
    return std::nullopt;
  }
  const auto e = r.expr(node, what);
  if (!e) return std::nullopt;
  out.push_back(*e);
  return out;
}

// `args: [...]` of a kernel or call, each through `arg` (kernel_arg or expr).
template <class Arg>
std::optional<std::vector<ir::KernelArg>> args(const YamlReader& r, const YAML::Node& node, std::string_view what,
                                               Arg&& arg) {
  if (!r.is_list(node, what)) return std::nullopt;
  std::vector<ir::KernelArg> out;
  for (const YAML::Node& a : node) {
    auto parsed = arg(a);
    if (!parsed) return std::nullopt;
    out.push_back(std::move(*parsed));
  }
  return out;
}

std::optional<ir::KernelNode> kernel(const YamlReader& r, const YAML::Node& map, std::string_view what) {
  if (!r.check_keys(map, what, {"kernel", "grid", "block", "shared", "args", "attributes"})) return std::nullopt;
  ir::KernelNode k;
  const auto function = r.function(map["kernel"], what);
  const auto grid = r.required(map, "grid", what);
  const auto block = r.required(map, "block", what);
  if (!function || !grid || !block) return std::nullopt;
  k.function = *function;
  k.function_range = r.range(map["kernel"]);
  const auto g = dims(r, *grid, fmt::format("the grid of {}", what));
  const auto b = dims(r, *block, fmt::format("the block of {}", what));
  if (!g || !b) return std::nullopt;
  k.grid = *g;
  k.block = *b;
  if (const YAML::Node shared = map["shared"]) {
    const auto e = r.expr(shared, fmt::format("the shared memory of {}", what));
    if (!e) return std::nullopt;
    k.shared_memory = *e;
  }
  if (const YAML::Node list = map["args"]) {
    const std::string of = fmt::format("an argument of {}", what);
    auto a = args(r, list, fmt::format("the arguments of {}", what),
                  [&](const YAML::Node& n) { return r.kernel_arg(n, of); });
    if (!a) return std::nullopt;
    k.args = std::move(*a);
  }
  if (const YAML::Node list = map["attributes"]) {  // [cooperative, "cluster(2, 1, 1)"]
    if (!r.is_list(list, fmt::format("the attributes of {}", what))) return std::nullopt;
    for (const YAML::Node& a : list) {
      auto attribute = r.kernel_attribute(a, fmt::format("an attribute of {}", what));
      if (!attribute) return std::nullopt;
      k.attributes.push_back(std::move(*attribute));
    }
  }
  return k;
}

// The map under `key` of a node (`copy: {...}`), checked against `allowed`.
std::optional<YAML::Node> fields(const YamlReader& r, const YAML::Node& map, std::string_view key,
                                 std::string_view what, std::initializer_list<std::string_view> allowed) {
  if (!r.check_keys(map, what, {key})) return std::nullopt;
  const YAML::Node inner = map[std::string(key)];
  const std::string where = fmt::format("the {} of {}", key, what);
  if (!r.is_map(inner, where) || !r.check_keys(inner, where, allowed)) return std::nullopt;
  return inner;
}

std::optional<ir::CopyNode> copy(const YamlReader& r, const YAML::Node& map, std::string_view what) {
  const auto f = fields(r, map, "copy", what, {"dst", "src", "bytes"});
  if (!f) return std::nullopt;
  const auto dst = r.required(*f, "dst", what);
  const auto src = r.required(*f, "src", what);
  if (!dst || !src) return std::nullopt;
  ir::CopyNode c;
  const auto d = r.slice(*dst, fmt::format("the destination of {}", what));
  const auto s = r.slice(*src, fmt::format("the source of {}", what));
  if (!d || !s) return std::nullopt;
  c.dst = *d;
  c.src = *s;
  if (const YAML::Node bytes = (*f)["bytes"]) {
    const auto e = r.expr(bytes, fmt::format("the bytes of {}", what));
    if (!e) return std::nullopt;
    c.bytes = *e;
  }
  return c;
}

std::optional<ir::MemsetNode> memset(const YamlReader& r, const YAML::Node& map, std::string_view what) {
  const auto f = fields(r, map, "memset", what, {"dst", "value"});
  if (!f) return std::nullopt;
  const auto dst = r.required(*f, "dst", what);
  const auto value = r.required(*f, "value", what);
  if (!dst || !value) return std::nullopt;
  const auto d = r.slice(*dst, fmt::format("the destination of {}", what));
  const auto v = r.expr(*value, fmt::format("the value of {}", what));
  if (!d || !v) return std::nullopt;
  ir::MemsetNode m;
  m.dst = *d;
  m.value = *v;
  return m;
}

// `{record: e}`, `{wait: e}`, `{free: a}`: one name under the kind key.
std::optional<std::pair<std::string, SourceRange>> operand(const YamlReader& r, const YAML::Node& map,
                                                           std::string_view key, std::string_view what) {
  if (!r.check_keys(map, what, {key})) return std::nullopt;
  const YAML::Node value = map[std::string(key)];
  const auto text = r.name(value, what);
  if (!text) return std::nullopt;
  return std::pair{*text, r.range(value)};
}

// `args: [...]` of a call, a host node or a function call: expressions, resolved by the
// validator.
std::optional<std::vector<ir::KernelArg>> expr_args(const YamlReader& r, const YAML::Node& list,
                                                    std::string_view what) {
  const std::string of = fmt::format("an argument of {}", what);
  return args(r, list, fmt::format("the arguments of {}", what), [&](const YAML::Node& n) {
    std::optional<ir::KernelArg> out;
    if (auto e = r.expr(n, of)) out = ir::KernelArg{.expr = *e, .range = r.range(n)};
    return out;
  });
}

std::optional<ir::ChildGraphNode> call(const YamlReader& r, const YAML::Node& map, std::string_view what) {
  if (!r.check_keys(map, what, {"call", "args"})) return std::nullopt;
  const auto graph = r.name(map["call"], what);
  if (!graph) return std::nullopt;
  ir::ChildGraphNode c;
  c.graph = *graph;
  c.graph_range = r.range(map["call"]);
  if (const YAML::Node list = map["args"]) {
    auto a = expr_args(r, list, what);
    if (!a) return std::nullopt;
    c.args = std::move(*a);
    c.args_range = r.range(list);
  }
  return c;
}

// `{KEYWORD: FUNCTION, args: [...]}`, a kind written `KEYWORD NAME : FUNCTION(args);` in text
// (`{capture: cublas.gemm<N, N>, args: [...]}`): the arguments are required, as the text
// form's `(...)` is.
std::optional<ir::NodeOp> function_call(const YamlReader& r, const YAML::Node& map, NodeKind kind,
                                        std::string_view what) {
  const std::string_view keyword = info(kind).keyword;
  if (!r.check_keys(map, what, {keyword, "args"})) return std::nullopt;
  const auto function = r.node_function(kind, map[std::string(keyword)], what);
  const auto list = r.required(map, "args", what);
  if (!function || !list) return std::nullopt;
  auto a = expr_args(r, *list, what);
  if (!a) return std::nullopt;
  ir::FunctionCall c;
  c.function = *function;
  c.function_range = r.range(map[std::string(keyword)]);
  c.args = std::move(*a);
  c.args_range = r.range(*list);
  return ir::function_call_op(kind, std::move(c));
}

// `{host: FUNC}` or `{host: FUNC, args: [...]}`, the text form's `host n : FUNC(...);`.
std::optional<ir::HostNode> host(const YamlReader& r, const YAML::Node& map, std::string_view what) {
  if (!r.check_keys(map, what, {"host", "args"})) return std::nullopt;
  const auto function = r.function(map["host"], what);
  if (!function) return std::nullopt;
  ir::HostNode h;
  h.function = *function;
  h.function_range = r.range(map["host"]);
  if (const YAML::Node list = map["args"]) {
    auto a = expr_args(r, list, what);
    if (!a) return std::nullopt;
    h.args = std::move(*a);
    h.args_range = r.range(list);
  }
  return h;
}

}  // namespace

std::optional<ir::Node> build_simple_node(const YamlReader& r, const YAML::Node& map, std::string_view kind,
                                          const std::string& name, std::string_view what) {
  ir::Node node;
  node.name = name;
  const auto set = [&](auto&& op) {
    if (!op) return false;
    node.op = std::move(*op);
    return true;
  };
  bool ok = false;
  if (kind == "kernel") {
    ok = set(kernel(r, map, what));
  } else if (kind == "copy") {
    ok = set(copy(r, map, what));
  } else if (kind == "memset") {
    ok = set(memset(r, map, what));
  } else if (kind == "alloc" || kind == "empty") {
    // alloc is built with its memory by the graph builder; empty takes nothing.
    ok = r.check_keys(map, what, {kind});
    node.op = ir::EmptyNode{};
  } else if (kind == "call") {
    ok = set(call(r, map, what));
  } else if (const NodeKindInfo* row = find_node_kind(kind);
             row != nullptr && row->statement == Statement::function_call) {
    ok = set(function_call(r, map, row->kind, what));
  } else if (kind == "host") {
    ok = set(host(r, map, what));
  } else if (const auto o = operand(r, map, kind, what)) {
    ok = true;
    if (kind == "record") node.op = ir::EventRecordNode{o->first, o->second, {}};
    if (kind == "wait") node.op = ir::EventWaitNode{o->first, o->second, {}};
    if (kind == "free") node.op = ir::FreeNode{o->first, o->second, {}, {}};
  }
  if (!ok) return std::nullopt;
  return node;
}

}  // namespace graphc::frontend::yaml

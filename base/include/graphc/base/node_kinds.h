// graphc's node kinds as data: one enumerator per row of node_kinds.def and constexpr
// lookups of each row's columns, so that passes and back ends ask the table rather than
// switch over the kinds. No CUDA here: a kind's CUDA node type is its enumerator's name.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace graphc {

/// For code declared per row of node_kinds.def for the kinds written `KEYWORD NAME :
/// FUNCTION(args);` only: GRAPHC_WHEN_FUNCTION_CALL(statement, tokens) is `tokens` where a
/// row's statement column is `function_call`, nothing where it is `own`.
#define GRAPHC_WHEN_FUNCTION_CALL(statement, ...) GRAPHC_WHEN_FUNCTION_CALL_##statement(__VA_ARGS__)
#define GRAPHC_WHEN_FUNCTION_CALL_function_call(...) __VA_ARGS__
#define GRAPHC_WHEN_FUNCTION_CALL_own(...)

/// One enumerator per row of node_kinds.def, in its order.
enum class NodeKind : std::uint8_t {
#define GRAPHC_NODE_KIND(id, ...) id,
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND
};

/// How a new value (a param, a rebound buffer, a reloaded module) reaches a node of a kind in
/// a live exec.
enum class UpdatePath : std::uint8_t {
  none,           // nothing to set: it has no parameters
  set_params,     // the exec's node is set alone (cudaGraphExecNodeSetParams and its kind's variants)
  child,          // through the nodes of its child graph, which the parent's exec sets
  recapture,      // captured again into a new graph, then cudaGraphExecUpdate
  reinstantiate,  // the graph is instantiated again (a conditional node's handles, memory nodes' addresses)
};

/// How a node kind's statement is written.
enum class Statement : std::uint8_t {
  own,            // a grammar rule and builders of its own
  function_call,  // `KEYWORD NAME : FUNCTION(args);`, read and printed by its row alone
};

/// One row of node_kinds.def.
struct NodeKindInfo {
  NodeKind kind;
  std::string_view id;
  std::string_view keyword;
  bool names_function;
  std::string_view cuda_type;
  std::string_view cuda_words;
  std::string_view dot;
  bool in_body;
  bool in_device_graph;
  bool in_child_graph;
  bool switchable;
  UpdatePath update;
  Statement statement;
  std::string_view function_noun;   // a function_call kind's: "the captured function"
  std::string_view function_forms;  // a function_call kind's: what its function may be
};

inline constexpr std::array kNodeKinds = {
#define GRAPHC_NODE_KIND(id, ir_struct, keyword, names_function, cuda_type, cuda_words, dot, in_body, in_device_graph, \
                         in_child_graph, switchable, update, statement, function_noun, function_forms)                 \
  NodeKindInfo{NodeKind::id,                                                                                           \
               #id,                                                                                                    \
               keyword,                                                                                                \
               names_function,                                                                                         \
               #cuda_type,                                                                                             \
               cuda_words,                                                                                             \
               dot,                                                                                                    \
               in_body,                                                                                                \
               in_device_graph,                                                                                        \
               in_child_graph,                                                                                         \
               switchable,                                                                                             \
               UpdatePath::update,                                                                                     \
               Statement::statement,                                                                                   \
               function_noun,                                                                                          \
               function_forms},
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND
};

inline constexpr std::size_t kNodeKindCount = kNodeKinds.size();

/// The row of `kind`.
constexpr const NodeKindInfo& info(NodeKind kind) { return kNodeKinds[static_cast<std::size_t>(kind)]; }

/// The row whose keyword is `keyword` (a conditional node's: "if", "while" or "switch"), if any.
constexpr const NodeKindInfo* find_node_kind(std::string_view keyword) {
  if (keyword == "while" || keyword == "switch") return &info(NodeKind::conditional);
  for (const NodeKindInfo& row : kNodeKinds) {
    if (row.keyword == keyword) return &row;
  }
  return nullptr;
}

/// The kinds written `KEYWORD NAME : FUNCTION(args);` (Statement::function_call), in the
/// table's order: the generic grammar rule and builders read these.
inline constexpr auto kFunctionCallKinds = [] {
  constexpr std::size_t count = [] {
    std::size_t n = 0;
    for (const NodeKindInfo& row : kNodeKinds) n += row.statement == Statement::function_call ? 1 : 0;
    return n;
  }();
  std::array<NodeKind, count> out{};
  std::size_t n = 0;
  for (const NodeKindInfo& row : kNodeKinds) {
    if (row.statement == Statement::function_call) out[n++] = row.kind;
  }
  return out;
}();

/// A conditional node's keywords, by its type: its row's keyword is the first.
inline constexpr std::array<std::string_view, 3> kConditionalKeywords = {"if", "while", "switch"};

/// Every node statement's first word (text) and node key (YAML): the rows' keywords in the
/// table's order, but the conditional node's, whose keywords come last.
constexpr std::array<std::string_view, kNodeKindCount + kConditionalKeywords.size() - 1> node_keywords() {
  std::array<std::string_view, kNodeKindCount + kConditionalKeywords.size() - 1> out{};
  std::size_t n = 0;
  for (const NodeKindInfo& row : kNodeKinds) {
    if (row.kind != NodeKind::conditional) out[n++] = row.keyword;
  }
  for (const std::string_view keyword : kConditionalKeywords) out[n++] = keyword;
  return out;
}

}  // namespace graphc

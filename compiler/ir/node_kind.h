// An IR node's kind: the row of graphc/base/node_kinds.def for the alternative its op holds.
// The variant's alternatives are the table's rows, in order (checked below), so the kind is
// the variant's index and every per-kind constant is a lookup, not a std::visit.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "graphc/base/node_kinds.h"
#include "ir/graph.h"

namespace graphc::ir {

using NodeOp = decltype(Node::op);

static_assert(std::variant_size_v<NodeOp> == kNodeKindCount, "node_kinds.def has one row per alternative of Node::op");
#define GRAPHC_NODE_KIND(id, ir_struct, ...)                                                                           \
  static_assert(std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(NodeKind::id), NodeOp>, ir_struct>, \
                "node_kinds.def: row '" #id "' is not Node::op's alternative of its index");
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND

/// The kind whose IR struct is `Op`.
template <class Op>
inline constexpr NodeKind kind_of_op = []<std::size_t... I>(std::index_sequence<I...> /*unused*/) {
  std::size_t index = 0;
  ((std::is_same_v<std::variant_alternative_t<I, NodeOp>, Op> ? (index = I, true) : false) || ...);
  return static_cast<NodeKind>(index);
}
(std::make_index_sequence<kNodeKindCount>());

/// An IR struct of a kind written `KEYWORD NAME : FUNCTION(args);` (Statement::function_call),
/// whose checks, CUDA node and generated code are its kind's own file in each library.
template <class Op>
concept FunctionCallKind = info(kind_of_op<Op>)
.statement == Statement::function_call;

/// The kind of `node`.
inline NodeKind kind_of(const Node& node) { return static_cast<NodeKind>(node.op.index()); }

/// The table's row of `node`'s kind.
inline const NodeKindInfo& kind_info(const Node& node) { return info(kind_of(node)); }

/// A node kind that passes arguments to a function, a graph or a library operation (`args`,
/// resolved by the kernel-argument pass).
template <class Op>
concept HasArgs = std::is_same_v<decltype(Op::args), std::vector<KernelArg>>;

/// A node kind that names a function and passes it arguments, `KEYWORD NAME : FUNCTION(args);`
/// (a host node, and the kinds of Statement::function_call, whose IR structs derive from
/// FunctionCall). Back ends that print nodes write such a kind by its row's keyword, so a new
/// one needs no code of theirs.
template <class Op>
concept CallsFunction = HasArgs<Op> && std::is_same_v<decltype(Op::function), std::string>;

#define GRAPHC_NODE_KIND(id, ir_struct, ...)                                                                   \
  static_assert(                                                                                               \
      info(NodeKind::id).statement != Statement::function_call || std::is_base_of_v<FunctionCall, ir_struct>,  \
      "node_kinds.def: row '" #id "' is written KEYWORD NAME : FUNCTION(args), so its IR struct derives from " \
      "ir::FunctionCall");
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND

/// A node op of `kind`, a kind of Statement::function_call, holding `call` (the front ends'
/// one builder of such kinds); std::logic_error for a kind of another form.
inline NodeOp function_call_op(NodeKind kind, FunctionCall call) {
  NodeOp op;
  const bool made = [&]<std::size_t... I>(std::index_sequence<I...> /*unused*/) {
    const auto make = [&]<std::size_t K>(std::integral_constant<std::size_t, K> /*unused*/) {
      if constexpr (std::is_base_of_v<FunctionCall, std::variant_alternative_t<K, NodeOp>>) {
        static_cast<FunctionCall&>(op.emplace<K>()) = std::move(call);
        return true;
      } else {
        return false;
      }
    };
    return ((static_cast<std::size_t>(kind) == I && make(std::integral_constant<std::size_t, I>())) || ...);
  }
  (std::make_index_sequence<kNodeKindCount>());
  if (!made || info(kind).statement != Statement::function_call) {
    throw std::logic_error("function_call_op: the kind is not written KEYWORD NAME : FUNCTION(args)");
  }
  return op;
}

/// The function and arguments of `node` when its kind names a function (ir::FunctionCall: a
/// host node, a kind written `KEYWORD NAME : FUNCTION(args);`), else null.
inline const FunctionCall* function_call_of(const Node& node) {
  return std::visit(
      []<class Op>(const Op& op) -> const FunctionCall* {
        if constexpr (std::is_base_of_v<FunctionCall, Op>) {
          return &op;
        } else {
          return nullptr;
        }
      },
      node.op);
}

/// The arguments of `node` when its kind passes any, else null.
template <class N>
requires std::is_same_v<std::remove_const_t<N>, Node>
auto* args_of(N& node) {
  using Args = std::conditional_t<std::is_const_v<N>, const std::vector<KernelArg>, std::vector<KernelArg>>;
  return std::visit(
      [](auto& op) -> Args* {
        if constexpr (HasArgs<std::remove_cvref_t<decltype(op)>>) {
          return &op.args;
        } else {
          return nullptr;
        }
      },
      node.op);
}

}  // namespace graphc::ir

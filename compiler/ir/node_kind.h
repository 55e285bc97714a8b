// An IR node's kind: the row of graphc/base/node_kinds.def for the alternative its op holds.
// The variant's alternatives are the table's rows, in order (checked below), so the kind is
// the variant's index and every per-kind constant is a lookup, not a std::visit.
#pragma once

#include <cstddef>
#include <type_traits>
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

/// The kind of `node`.
inline NodeKind kind_of(const Node& node) { return static_cast<NodeKind>(node.op.index()); }

/// The table's row of `node`'s kind.
inline const NodeKindInfo& kind_info(const Node& node) { return info(kind_of(node)); }

/// A node kind that passes arguments to a function, a graph or a library operation (`args`,
/// resolved by the kernel-argument pass).
template <class Op>
concept HasArgs = std::is_same_v<decltype(Op::args), std::vector<KernelArg>>;

/// A node kind written `KEYWORD NAME : FUNCTION(args);`, whose function is a library
/// operation or a name the host program registers (capture nodes). Back ends that print
/// nodes write such a kind by its row's keyword, so a new one needs no code of theirs.
template <class Op>
concept CallsFunction = HasArgs<Op> && std::is_same_v<decltype(Op::function), std::string>;

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

// The order of a communicator's collectives, which every rank must issue alike (E1108): the
// collective nodes over it and the calls that run collectives over it, passing it to a
// graph's `comm` parameter, at any depth of calls.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "ir/creation_order.h"
#include "ir/graph.h"

namespace graphc::ir {

/// Whether node `node` of a graph runs a collective over that graph's communicator `comm`: it is
/// a (valid) collective node over it, or a call that passes it to a `comm` parameter of a
/// graph whose nodes run one over that parameter, through any depth of calls.
bool runs_collectives(const Module& module, const Node& node, CommId comm);

/// The argument (its index) through which `call` runs collectives over its graph's `comm`:
/// the first that passes `comm` to a `comm` parameter the called graph runs collectives over;
/// nullopt when none does.
std::optional<std::size_t> collective_argument(const Module& module, const ChildGraphNode& call, CommId comm);

/// The nodes that run collectives over `comm` (runs_collectives) in the order the graph
/// issues them, which edges fix on every rank (E1108 refuses two they leave unordered):
/// `order`'s.
std::vector<NodeId> collectives_in_order(const Module& module, const Graph& graph, const CreationOrder& order,
                                         CommId comm);

}  // namespace graphc::ir

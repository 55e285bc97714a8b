// The call nodes of a module (`call NAME : GRAPH(args);`), which every pass over calls
// walks in one order: the graphs in module order, each graph's nodes in source order.
#pragma once

#include <concepts>
#include <type_traits>
#include <variant>

#include "ir/graph.h"

namespace graphc::sema {

/// `visit(caller, node, call)` for each call node of `module`: the graph that holds it, the
/// node and its op, as const as `module` is.
template <class Module, class Visit>
requires std::same_as<std::remove_const_t<Module>, ir::Module>
void for_each_call(Module& module, Visit&& visit) {
  for (auto& graph : module.graphs) {
    for (auto& node : graph.nodes) {
      if (auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) visit(graph, node, *call);
    }
  }
}

}  // namespace graphc::sema

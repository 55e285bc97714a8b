// The DOT back end: a validated module -> Graphviz DOT text.
#pragma once

#include <string>

#include "ir/graph.h"

namespace graphc::backend {

/// One `digraph` per graph of the module: node kinds as shapes, kernel labels with the
/// function, launch configuration and arguments, edges with their ports. Deterministic.
std::string emit_dot(const ir::Module& module);

/// The `digraph` of one graph, as emit_dot(module) writes it.
std::string emit_dot(const ir::Graph& graph);

}  // namespace graphc::backend

// The DOT back end: a validated module -> Graphviz DOT text.
#pragma once

#include <map>
#include <string>

#include "ir/graph.h"

namespace graphc::backend {

/// One `digraph` per graph of the module: node kinds as shapes, kernel labels with the
/// function, launch configuration and arguments, edges with their ports. Deterministic.
std::string emit_dot(const ir::Module& module);

/// A profile's device time per node, for `graphc dot --profile`.
struct DotTimes {
  std::string title;  // the graph label's beginning: "graph 'g', 10 launches"
  /// Mean device time per launch (ns) by NodeRun::node path ("k", "call/k"): a call or
  /// capture node is drawn with the sum of the paths inside it.
  std::map<std::string, double> per_launch_ns;
};

/// The `digraph` of one graph, as emit_dot(module) writes it; with `times`, each node's
/// time per launch as its label's last line and a fill from white (none) to red (the
/// hottest node's).
std::string emit_dot(const ir::Graph& graph, const DotTimes* times = nullptr);

}  // namespace graphc::backend

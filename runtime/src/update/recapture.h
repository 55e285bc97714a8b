// Instance::set of a param that a capture node passes: the node's graph is captured again
// with the new value and put into the exec in place (cudaGraphExecChildGraphNodeSetParams),
// the combined approach of explicit nodes and captured library work. Every recapture is
// made and checked before the exec changes, so a refused one changes nothing.
#pragma once

#include <vector>

#include "build/build_graph.h"
#include "instance/instance_state.h"
#include "resources/handles.h"

namespace graphc::detail {

/// One capture node captured again: its new arguments and graph.
struct Recapture {
  BuiltGraph* built = nullptr;
  std::size_t node = 0;
  CaptureCall call;
  GraphHandle graph;
};

/// Captures `r.call`'s graph again into `r.graph`; whether it has the shape of the graph
/// the exec holds for the node (what cudaGraphExecChildGraphNodeSetParams needs). A
/// capture's own errors are thrown.
bool capture_same_shape(InstanceState& state, Recapture& r);

/// Captures again every capture node that passes param `id` (of the instantiated graph, and
/// of the graphs its calls embed that pass the param on) with `value` (`text` in words).
/// Throws R0044 at the node, with a note that the param keeps its value, when a graph comes
/// back with another shape than the one in the exec (CUDA updates a child graph node only
/// with a graph of the same topology), and a
/// capture's own errors; either way before anything changed.
std::vector<Recapture> recapture(InstanceState& state, ir::ParamId id, const Slot& value, const std::string& text);

/// Gives the exec each recaptured graph (cudaGraphExecChildGraphNodeSetParams) and keeps the
/// node's new arguments. R0001 naming the node if CUDA refuses.
void apply_recaptures(InstanceState& state, std::vector<Recapture>& recaptures);

}  // namespace graphc::detail

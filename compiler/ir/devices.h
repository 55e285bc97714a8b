// Where the nodes of a graph placed on several devices run (`kernel k : f<<<g, b>>>(y)
// [device(1)]`, `buffer y : f32[N] device(1);`): shared by the validator, the runtime, the C++
// and DOT back ends.
#pragma once

#include <optional>

#include "ir/graph.h"

namespace graphc::ir {

/// The device node `node` of `graph` is placed on: a kernel node's `device(i)`, an alloc
/// node's, a memset node's memory's (the root buffer it writes); none for an unplaced node,
/// which runs on the
/// device the graph is built on, and for every other kind (a copy between devices is a peer
/// copy, which needs no device of its own).
std::optional<int> placed_device(const Graph& graph, const Node& node);

/// Whether node `node` of `graph` is placed (placed_device), or is a kernel node passed
/// memory placed on a device: a node whose build makes a device current or checks a reach.
bool meets_placement(const Graph& graph, const Node& node);

/// Whether `graph` places anything on a device: a kernel node, or a buffer by `device(i)` or
/// `peers(...)`.
bool places_devices(const Graph& graph);

}  // namespace graphc::ir

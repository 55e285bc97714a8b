// Where the nodes of a graph placed on several devices run (`kernel k : f<<<g, b>>>(y)
// [device(1)]`, `buffer y : f32[N] device(1);`): shared by the validator, the runtime, the C++
// and DOT back ends.
#pragma once

#include <optional>
#include <vector>

#include "ir/graph.h"

namespace graphc::ir {

/// The device node `node` of `graph` is placed on: a kernel node's `device(i)`, an alloc
/// node's, a memset node's memory's (the root buffer it writes); none for an unplaced node,
/// which runs on the
/// device the graph is built on, and for every other kind (a copy between devices is a peer
/// copy, which needs no device of its own).
std::optional<int> placed_device(const Graph& graph, const Node& node);

/// A kernel node's argument passed device memory of the graph's own: the leaf argument and
/// the root buffer whose memory it names (a slice's or view's). A graph parameter's memory
/// is the caller's, on a device its declaration does not say, and is not listed.
struct PassedMemory {
  const KernelArg* arg;
  const Buffer* memory;
};

/// The device memory `kernel` of `graph` is passed, in argument order: what a kernel on one
/// device reaches on another (the validator's E1204, the runtime's and generated code's
/// graphc::check_peer_reach).
std::vector<PassedMemory> passed_device_memory(const Graph& graph, const KernelNode& kernel);

/// Whether node `node` of `graph` is placed (placed_device), or is a kernel node passed
/// memory placed on a device: a node whose build makes a device current or checks a reach.
bool meets_placement(const Graph& graph, const Node& node);

/// Whether `graph` places anything on a device: a kernel node, or a buffer by `device(i)` or
/// `peers(...)`.
bool places_devices(const Graph& graph);

}  // namespace graphc::ir

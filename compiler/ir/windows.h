// NCCL windows: the memory the collectives of a communicator declared `[window]` pass, which
// graphc allocates with ncclMemAlloc and registers whole, on every rank alike, as a symmetric
// window (ncclCommWindowRegister). Shared by the validator, the runtime and the C++ back end.
#pragma once

#include <vector>

#include "ir/graph.h"

namespace graphc::ir {

/// Per BufferId of `graph`: whether it is a window, the root memory (a slice's or view's
/// buffer) of a send or receive buffer of a collective node over a `[window]` communicator.
std::vector<bool> window_memory(const Graph& graph);

/// Whether collective node `node` of `graph` runs over a `[window]` communicator.
bool over_window(const Graph& graph, const CollectiveNode& node);

}  // namespace graphc::ir

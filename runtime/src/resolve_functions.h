// What each node of a graph calls, resolved before anything is built: the kernel of every
// kernel node and the callback of every host node.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "graphc/bindings.h"
#include "ir/graph.h"
#include "program_state.h"

namespace graphc::detail {

struct ResolvedFunctions {
  std::vector<cudaKernel_t> kernels;         // per NodeId; nullptr for all but kernel nodes
  std::vector<Bindings::BoundHost> hosts;    // per NodeId; empty for all but host nodes
};

/// Resolves every kernel node's function: Bindings::kernel first (cudaGetKernel on the
/// host symbol), then the program's modules in declaration order (which must be loaded).
/// Host nodes take their callback from Bindings::host. Throws R0002 for a kernel found
/// nowhere, R0008 for an unbound host function, R0001 for a failed CUDA call.
ResolvedFunctions resolve_functions(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings);

}  // namespace graphc::detail

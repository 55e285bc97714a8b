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
  /// Per NodeId: the function Bindings::capture registered for a capture node that calls
  /// one (pointing into the Bindings resolved from, which must outlive it); null otherwise.
  std::vector<const CaptureFn*> captures;
};

/// Resolves every kernel node's function: Bindings::kernel first (cudaGetKernel on the
/// host symbol), then the program's modules in declaration order (which must be loaded);
/// a synthetic node's is the modules' no-op kernel.
/// Host nodes take their callback from Bindings::host, capture nodes of registered functions
/// theirs from Bindings::capture. Throws R0002 for a kernel found nowhere, R0008 for an
/// unbound host function, R0040 for an unbound capture function, R0001 for a failed CUDA
/// call.
ResolvedFunctions resolve_functions(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings);

/// The functions of graph `root` and of every graph it calls (transitively), per GraphId
/// (empty for the module's other graphs): each graph's resolved once (resolve_functions),
/// with its kernel arguments checked (check_kernel_args) and the dynamic shared memory of
/// its kernels configured (configure_shared_memory), before anything is built.
std::vector<ResolvedFunctions> resolve_call_tree(const ProgramState& program, ir::GraphId root,
                                                 const Bindings& bindings);

}  // namespace graphc::detail

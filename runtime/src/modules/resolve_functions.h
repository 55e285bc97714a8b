// What each node of a graph calls, resolved before anything is built: the kernel of every
// kernel node and the callback of every host node.
#pragma once

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "graphc/bindings.h"
#include "ir/graph.h"
#include "ir/host_args.h"
#include "state/program_state.h"

namespace graphc::detail {

/// The callback of a host node whose function is unbound, when Bindings::unbound_hosts gave
/// a stand-in: bound as a typed function with this as user data, it counts the node's
/// launches and prints the node's arguments.
struct HostStandIn {
  std::shared_ptr<const std::function<void(const Bindings::HostCall&)>> fn;
  std::string node;
  std::string function;
  ir::HostArgsLayout layout;
  std::atomic<std::uint64_t> launches{0};

  /// Bindings::BoundHost::invoke: calls `fn` with the node, its function, its launch count
  /// and the values in the argument block `args`.
  static void invoke(void (*unused)(), const void* args, void* self);
};

struct ResolvedFunctions {
  std::vector<cudaKernel_t> kernels;                    // per NodeId; nullptr for all but kernel nodes
  std::vector<Bindings::BoundHost> hosts;               // per NodeId; empty for all but host nodes
  std::vector<std::unique_ptr<HostStandIn>> stand_ins;  // what `hosts` points at for unbound functions
  /// Per NodeId: the function Bindings::capture registered for a capture node that calls
  /// one (pointing into the Bindings resolved from, which must outlive it); null otherwise.
  std::vector<const CaptureFn*> captures;
  /// Per CommId: the communicator Bindings::communicator bound to the graph's `comm NAME;`
  /// (the program's, never destroyed here); empty for a called graph, whose collectives run
  /// over the communicators its calls pass (BuiltGraph::comms).
  std::vector<ncclComm*> comms;
  /// Per CommId: this process's rank in it (ncclCommUserRank), what `rank(NAME)` passes.
  std::vector<int> ranks;
};

/// Resolves every kernel node's function: Bindings::kernel first (cudaGetKernel on the
/// host symbol), then the program's modules in declaration order (which must be loaded);
/// a synthetic node's is the modules' no-op kernel.
/// Host nodes take their callback from Bindings::host, capture nodes of registered functions
/// theirs from Bindings::capture. Throws R0002 for a kernel found nowhere, R0008 for an
/// unbound host function (unless Bindings::unbound_hosts gave a stand-in), R0050 for a
/// typed host function whose Args is not the node's argument block, R0051 for an untyped
/// one of a node that passes arguments, R0040 for an unbound capture function, R0001 for a
/// failed CUDA call.
ResolvedFunctions resolve_functions(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings);

/// The communicators of the graph that is instantiated (its `comm NAME;` and, instantiated
/// on its own, its `comm` parameters), from Bindings::communicator, and this process's rank
/// in each, into `out`: R0065 for one no binding gives (R0064 when NCCL cannot be loaded to
/// ask a bound one its rank, R0070 when NCCL cannot say).
void resolve_communicators(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings,
                           ResolvedFunctions& out);

/// The functions of graph `root` and of every graph it calls (transitively), per GraphId
/// (empty for the module's other graphs): each graph's resolved once (resolve_functions; the
/// communicators, resolve_communicators, the root's only),
/// with its kernel arguments checked (check_kernel_args) and the dynamic shared memory of
/// its kernels configured (configure_shared_memory), before anything is built.
std::vector<ResolvedFunctions> resolve_call_tree(const ProgramState& program, ir::GraphId root,
                                                 const Bindings& bindings);

}  // namespace graphc::detail

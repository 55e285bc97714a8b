// Programmatic dependent launch, found by the optimiser: a kernel that waits for the grids
// it depends on (cudaGridDependencySynchronize(), PTX `griddepcontrol.wait`) says it is safe
// to launch before they complete. An edge `a -> b` between two kernel nodes whose target's
// kernel waits gets the programmatic port (cudaGraphKernelNodePortProgrammatic,
// cudaGraphDependencyTypeProgrammatic), so CUDA may launch b while a finishes: b runs what
// comes before its wait early, and the wait still holds it until a has completed and its
// memory is visible.
//
// Only where CUDA is known to take it, as `->[programmatic]` written by hand is: edges of a
// graph's own level (not a conditional body), between kernel nodes on one device, in a
// graph that is not instantiated for device launch and that no call node calls. A kernel
// whose PTX graphc cannot see (a .cubin, the host program's) is never a target.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace graphc::opt {

/// One edge the pass gave the programmatic port, for `graphc check --explain`.
struct ProgrammaticEdge {
  std::string graph;
  ir::Edge edge;
  std::string kernel;  // the target's kernel, which waits
};

/// Whether kernel node `kernel`'s kernel waits on its dependencies (its module's PTX).
using WaitsOnDependencies = std::function<bool(const ir::KernelNode& kernel)>;

/// Gives the programmatic port to every edge of `module` (which analyzed without errors)
/// that the rules above allow and whose target's kernel `waits`, and returns them in graph
/// and edge order.
std::vector<ProgrammaticEdge> programmatic_launch(ir::Module& module, const WaitsOnDependencies& waits);

}  // namespace graphc::opt

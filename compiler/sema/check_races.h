// Data races from how nodes use memory (memory_access.h): two nodes of one graph, or of one
// body, that touch overlapping memory, at least one writing it, with no path of edges
// between them. CUDA gives such nodes no order, so the result depends on scheduling: W0303,
// naming both nodes, the buffer and the overlapping elements, with a note at each access
// and the edge that would order them; once per buffer and graph or body, saying whether
// more pairs race on it. Edges of every port order memory: a programmatic or
// launch-completion dependent reads what its primary wrote after
// cudaGridDependencySynchronize(), which waits for the primary grid (CUDA's rule for PDL).
#pragma once

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "sema/memory_access.h"
#include "source/source.h"

namespace graphc::sema {

/// Reports every race of every graph and body of `module` (W0303).
void check_races(const ir::Module& module, const KernelInfo& kernels, DiagEngine& diags);

}  // namespace graphc::sema

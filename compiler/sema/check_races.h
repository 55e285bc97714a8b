// Data races from how nodes use memory (memory_access.h): two nodes of one graph, or of one
// body, that touch overlapping memory, at least one writing it, with no path of edges
// between them. CUDA gives such nodes no order, so the result depends on scheduling: W0303
// where both extents are known (copies, memsets, views, a GEMM's matrices), so the overlap
// is certain; W0305 where one is assumed (a pointer passed to a kernel, a host or a captured
// function reaches to the end of its buffer), so it is only possible; each naming both
// nodes, the buffer and the overlapping elements, with a note at each access and the edge
// that would order them; once per buffer and graph or body (W0303 first), saying whether
// more pairs race on it. Edges of every port order memory: a programmatic or
// launch-completion dependent reads what its primary wrote after
// cudaGridDependencySynchronize(), which waits for the primary grid (CUDA's rule for PDL).
#pragma once

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "sema/memory_access.h"
#include "source/source.h"

namespace graphc::sema {

/// Reports every race of every graph and body of `module` (W0303), and with
/// `possible_races` those that may be (W0305; `graphc -Wno-possible-race` leaves them out).
void check_races(const ir::Module& module, const KernelInfo& kernels, DiagEngine& diags, bool possible_races = true);

}  // namespace graphc::sema

// An empty kernel compiled into the benchmarks, for graphs whose cost is all launch
// overhead: both graphc (Bindings::kernel_symbol) and the hand-written code run it.
#pragma once

namespace graphc::bench {

/// The host symbol of `__global__ void noop()` (what cudaKernelNodeParams::func takes).
const void* noop_kernel();

}  // namespace graphc::bench

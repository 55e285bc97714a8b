// Kernels compiled into the benchmarks: empty ones, for graphs whose cost is all launch
// overhead, and one that waits a chosen time; both graphc (Bindings::kernel_symbol) and
// the hand-written code run them.
#pragma once

#include <cuda_runtime_api.h>

namespace graphc::bench {

/// The host symbol of `__global__ void noop()` (what cudaKernelNodeParams::func takes).
const void* noop_kernel();
/// The host symbol of `__global__ void noop_with(float a)`, which does nothing with `a`:
/// a kernel with a parameter to update.
const void* noop_with_kernel();

/// The host symbol of `__global__ void noop_on(float* x)`, which does nothing with `x`: a
/// kernel with a buffer to bind to new memory.
const void* noop_on_kernel();

/// The host symbol of `__global__ void spin(long long cycles)`, whose every thread waits
/// `cycles` clock cycles (clock64) and returns: device work of a chosen length.
const void* spin_kernel();

/// noop<<<1, 32, 0, stream>>>() and noop_with<<<1, 32, 0, stream>>>(a) through
/// cudaLaunchKernel, checked.
void launch_noop(cudaStream_t stream);
void launch_noop_with(cudaStream_t stream, float a);

}  // namespace graphc::bench

// Kernels of known lengths for the profiler's GPU tests: each spins for a number of clock64
// cycles, so their device times stand in the ratios of their cycle counts.

/// Spins for `cycles` SM clock cycles.
extern "C" __global__ void spin(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

/// Spins for `cycles`, then count[0] += 1 and the handle is 1 while the count is below
/// `limit` (a loop's body of known length that runs `limit` times).
extern "C" __global__ void spin_count(long long cycles, cudaGraphConditionalHandle handle, int* count, int limit) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
  if (threadIdx.x == 0) {
    const int now = ++count[0];
    cudaGraphSetConditional(handle, now < limit ? 1u : 0u);
  }
}

/// The handle takes the value in device memory (an IF's decision).
extern "C" __global__ void decide_from(cudaGraphConditionalHandle handle, const int* value) {
  cudaGraphSetConditional(handle, static_cast<unsigned>(value[0]));
}

// Kernels of the event GPU tests. Compiled by NVRTC (runtime path) and by nvcc (the
// generated code of events.graph #includes this file), so no includes.

/// Thread 0 of every block spins for `cycles` clock cycles first, then x[i] = value for
/// i < n: a producer slow enough that a consumer not ordered after it would read the old
/// contents.
extern "C" __global__ void slow_fill(float* x, float value, long long cycles, int n) {
  if (threadIdx.x == 0) {
    const long long start = clock64();
    while (clock64() - start < cycles) {
    }
  }
  __syncthreads();
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = value;
}

/// out[i] = 2 * in[i] + 1 for i < n.
extern "C" __global__ void twice_plus_one(const float* in, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __fadd_rn(__fmul_rn(2.0f, in[i]), 1.0f);
}

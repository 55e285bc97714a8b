// Kernels of the conditional-node GPU tests: a counter that sets a WHILE's handle, a
// kernel that sets a handle from device data, and one that records which body ran.

/// count[0] += 1, then the handle is 1 while the count is below `limit` (a loop's test).
extern "C" __global__ void count_up(cudaGraphConditionalHandle handle, int* count, int limit) {
  const int now = ++count[0];
  cudaGraphSetConditional(handle, now < limit ? 1u : 0u);
}

/// The handle takes the value in device memory (an IF's or a SWITCH's decision).
extern "C" __global__ void set_from(cudaGraphConditionalHandle handle, const int* value) {
  cudaGraphSetConditional(handle, static_cast<unsigned>(value[0]));
}

/// trace[slot] = value: which body ran.
extern "C" __global__ void mark(int* trace, int slot, int value) { trace[slot] = value; }

/// The test of a conjugate-gradient loop: iterations[0] += 1, then the handle is 1 while the
/// squared residual scalars[0] is above tolerance2 * bb and fewer than `limit` iterations ran.
extern "C" __global__ void cg_continue(cudaGraphConditionalHandle handle, const float* scalars, int* iterations,
                                       float tolerance2, float bb, int limit) {
  const int done = ++iterations[0];
  cudaGraphSetConditional(handle, scalars[0] > tolerance2 * bb && done < limit ? 1u : 0u);
}

// Kernels of device_launch.graph. They compile under NVRTC (the runtime path) and nvcc (the
// generated path); cudaGraphLaunch from a kernel needs no include and no relocatable
// device code.

/// x[i] = x[i] / 2 + 1, rounded as the CPU reference rounds it (no fused multiply-add).
extern "C" __global__ void relax(float* x, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = __fadd_rn(__fmul_rn(x[i], 0.5f), 1.0f);
}

/// One step of the countdown: while the counter stays above zero, launch `self` (the
/// executable graph this kernel runs in) again as the tail launch of this run.
extern "C" __global__ void count_down(cudaGraphExec_t self, int* counter) {
  if (--counter[0] > 0) cudaGraphLaunch(self, cudaStreamGraphTailLaunch);
}

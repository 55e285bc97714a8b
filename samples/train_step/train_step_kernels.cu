// Kernels of the train_step sample. Compiled by NVRTC when the graph is loaded at run time
// (graphc run, graphc::Program::load) and by nvcc through the generated C++, which
// #includes this file: so no includes, CUDA built-ins only. The arithmetic uses the
// explicitly rounded intrinsics, which are never contracted into fused multiply-adds, so
// both builds compute the same bits as the CPU reference (reference.cpp).

/// Forward: x = x * scale + 1.
extern "C" __global__ void kernel_forward(float* x, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = __fadd_rn(__fmul_rn(x[i], scale), 1.0f);
}

/// Backward: x = x / scale.
extern "C" __global__ void kernel_backward(float* x, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = __fdiv_rn(x[i], scale);
}

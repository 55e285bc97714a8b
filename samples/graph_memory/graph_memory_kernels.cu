// Kernels of the graph_memory sample. Compiled by NVRTC when the graph is loaded at run
// time (graphc run, graphc::Program::load) and by nvcc through the generated C++, which
// #includes this file: so no includes, CUDA built-ins only. The arithmetic uses the
// explicitly rounded intrinsics, which are never contracted into fused multiply-adds, so
// both builds compute the same bits as the CPU reference (reference.cpp).

/// scratch[i] = x[i] * x[i] * scale for i < n (pass 1, into the graph's allocation).
extern "C" __global__ void square_scaled(float* scratch, const float* x, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) scratch[i] = __fmul_rn(__fmul_rn(x[i], x[i]), scale);
}

/// out[i] = a[i] + b[i] for i < n (pass 2: a and b are the allocation and the allocation
/// one element on).
extern "C" __global__ void add_pairs(float* out, const float* a, const float* b, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __fadd_rn(a[i], b[i]);
}

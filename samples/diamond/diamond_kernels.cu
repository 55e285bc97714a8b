// Kernels of the diamond sample. Compiled by NVRTC when the graph is loaded at run time
// (graphc run, graphc::Program::load) and by nvcc through the generated C++, which
// #includes this file: so no includes, CUDA built-ins only. The arithmetic uses the
// explicitly rounded intrinsics, which are never contracted into fused multiply-adds, so
// both builds compute the same bits as the CPU reference (reference.cpp).

/// x[i] = a * x[i] + b for i < n.
extern "C" __global__ void affine(float* x, float a, float b, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = __fadd_rn(__fmul_rn(a, x[i]), b);
}

/// out[i] = left[i] + right[i] for i < n.
extern "C" __global__ void add_halves(float* out, const float* left, const float* right, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __fadd_rn(left[i], right[i]);
}

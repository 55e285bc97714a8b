// Kernels of the heat2d sample, launched on 16 x 16 blocks covering the n x n grid
// (x: column, y: row). Compiled by NVRTC when the graph is loaded at run time (graphc run,
// graphc::Program::load) and by nvcc through the generated C++, which #includes this
// file: so no includes, CUDA built-ins only. The arithmetic uses the explicitly rounded
// intrinsics, which are never contracted into fused multiply-adds, so both builds compute
// the same bits, and the CPU reference (reference.cpp) does the same operations in the
// same order.

/// u = value on the square [lo, hi) x [lo, hi).
extern "C" __global__ void set_square(float* u, int n, int lo, int hi, float value) {
  const int col = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int row = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  if (row >= lo && row < hi && col >= lo && col < hi && row < n && col < n) u[row * n + col] = value;
}

/// One explicit Euler step of the heat equation: inside the grid
/// out = in + alpha * (north + south + west + east - 4 in); boundary cells keep their value.
extern "C" __global__ void heat_step(float* out, const float* in, int n, float alpha) {
  const int col = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int row = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  if (row >= n || col >= n) return;
  const int i = row * n + col;
  const float center = in[i];
  if (row == 0 || col == 0 || row == n - 1 || col == n - 1) {
    out[i] = center;
    return;
  }
  const float vertical = __fadd_rn(in[i - n], in[i + n]);
  const float horizontal = __fadd_rn(in[i - 1], in[i + 1]);
  const float laplacian = __fadd_rn(__fadd_rn(vertical, horizontal), __fmul_rn(-4.0f, center));
  out[i] = __fadd_rn(center, __fmul_rn(alpha, laplacian));
}

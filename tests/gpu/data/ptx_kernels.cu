// Kernels of the runtime's GPU tests, compiled to PTX at build time (nvcc -ptx) and loaded
// by the runtime with cudaLibraryLoadFromFile.

/// x[i] = value (extern "C": the graph names it "ptx_fill").
extern "C" __global__ void ptx_fill(float* x, float value, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = value;
}

/// x[i] = i (C++ linkage: the graph names it by its mangled name, _Z8ptx_iotaPii).
__global__ void ptx_iota(int* x, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = i;
}

// Kernels of the runtime's GPU tests, compiled by NVRTC when a test graph is loaded.
// No includes: the runtime's prelude declares the device runtime functions.

/// out[i] = in[i] * scale (an extern "C" name: found without mangling).
extern "C" __global__ void scale_into(const float* in, float* out, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __fmul_rn(in[i], scale);
}

/// x[i] = x[i] * scale + add.
extern "C" __global__ void scale_add(float* x, float scale, float add, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = __fadd_rn(__fmul_rn(x[i], scale), add);
}

/// y[i] = a * x[i] + y[i] (a template: found through the name expression "axpy<float>").
template <class T>
__global__ void axpy(T a, const T* x, T* y, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = a * x[i] + y[i];
}

/// out[i] = value: an int the graph passes (`rank(world)`, this rank's number).
extern "C" __global__ void fill_int(int* out, int value, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = value;
}

namespace ops {

/// x[i] += x[i + half] for i < half (a C++ name in a namespace: "ops::fold_halves").
__global__ void fold_halves(int* x, int half) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < half) x[i] += x[i + half];
}

}  // namespace ops

/// Calls the three device runtime functions a module may use with no include of its own;
/// with `set` zero and no programmatic edges, all three are no-ops, so it is safe to launch.
/// The programmatic launch calls are sm_90's (griddepcontrol): guarded for older builds.
extern "C" __global__ void uses_device_runtime(cudaGraphConditionalHandle handle, int set, float* x) {
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
  if (set != 0) cudaGraphSetConditional(handle, 1u);
  x[0] = 42.0f;
#if __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}

/// out = {gridDim.x, blockDim.x, dynamic shared memory bytes} of the launch, as the device
/// saw it (the launch configuration tests).
extern "C" __global__ void report_launch(unsigned* out) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  unsigned shared = 0;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(shared));
  out[0] = gridDim.x;
  out[1] = blockDim.x;
  out[2] = shared;
}

/// Sizes `node` (a fill_count node) from the device: its count argument (after a pointer and
/// a float) to want[0], and a grid of blocks of 128 threads that covers it.
extern "C" __global__ void size_node(cudaGraphDeviceNode_t node, const int* want) {
  const int count = want[0];
  cudaGraphKernelNodeSetParam(node, sizeof(float*) + sizeof(float), &count, sizeof(count));
  cudaGraphKernelNodeSetGridDim(node, dim3((count + 127) / 128));
}

/// y[i] = value for i < count.
extern "C" __global__ void fill_count(float* y, float value, int count) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < count) y[i] = value;
}

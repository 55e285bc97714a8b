// Kernels of the pdl_pipeline sample. Compiled by NVRTC when the graph is loaded at run
// time (graphc run, graphc::Program::load; the runtime's prelude declares the device
// runtime functions) and by nvcc through the generated C++, which #includes this file: so
// no includes, CUDA built-ins only. The arithmetic uses the explicitly rounded
// intrinsics, never contracted into fused multiply-adds, so both builds compute the CPU
// reference's bits (reference.cpp).

/// out[i] = a * in[i] + b for i < n: one step of the chain.
///
/// Under a programmatic edge this kernel is launched before its predecessor has
/// completed: cudaGridDependencySynchronize() waits until the predecessor has completed
/// and its memory is visible, so it comes before the first access to memory (the
/// predecessor still reads the buffer this kernel writes). Right after it,
/// cudaTriggerProgrammaticLaunchCompletion() lets the next kernel be launched while this
/// one does its work: the trigger only schedules the next kernel, whose own wait still
/// holds it until this one has completed and its writes are visible (PTX griddepcontrol),
/// so the trigger need not follow the writes, and the earlier it comes the more of the
/// next launch hides behind this kernel. Under a default edge (or with no predecessor)
/// both calls return at once. Programmatic launch is sm_90's (griddepcontrol): built for
/// an older architecture, which launches a kernel only after its predecessors complete,
/// the kernel has no calls to make.
extern "C" __global__ void stage(const float* in, float* out, float a, float b, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
  cudaTriggerProgrammaticLaunchCompletion();
#endif
  if (i < n) out[i] = __fadd_rn(__fmul_rn(a, in[i]), b);
}

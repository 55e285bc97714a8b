// The kernels the graphs of this folder that declare `module "ordered_kernels.cu";` launch, as
// signatures with empty bodies: graphc check compiles this module with NVRTC and checks
// every kernel node against them (E0120, E0255, E0256). These goldens never run a kernel.
extern "C" __global__ void tick() {}
extern "C" __global__ void scale(float* x) {}

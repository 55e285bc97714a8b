// The kernels the graphs of this folder that declare `module "train_kernels.cu";` launch, as
// signatures with empty bodies: graphc check compiles this module with NVRTC and checks
// every kernel node against them (E0120, E0255, E0256). These goldens never run a kernel.
extern "C" __global__ void kernel_forward(float* x, float scale, int n) {}
extern "C" __global__ void kernel_backward(float* x, float scale, int n) {}

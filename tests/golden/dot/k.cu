// The kernels the graphs of this folder that declare `module "k.cu";` launch, as
// signatures with empty bodies: graphc check compiles this module with NVRTC and checks
// every kernel node against them (E0120, E0255, E0256). These goldens never run a kernel.
extern "C" __global__ void add_from(float* out, float* in, int n) {}
extern "C" __global__ void add_one(float* x, int n) {}
extern "C" __global__ void scale(float* x, float factor) {}
extern "C" __global__ void square_into(float* out, float* in, float factor, int n) {}

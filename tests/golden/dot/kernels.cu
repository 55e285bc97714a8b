// The kernels the graphs of this folder that declare `module "kernels.cu";` launch, as
// signatures with empty bodies: graphc check compiles this module with NVRTC and checks
// every kernel node against them (E0120, E0255, E0256). These goldens never run a kernel.
extern "C" __global__ void add_from(float* out, float* in, int n) {}
extern "C" __global__ void add_one(float* x, int n) {}
extern "C" __global__ void below(cudaGraphConditionalHandle handle, float* x, float limit) {}
extern "C" __global__ void brighten(float* image, size_t pitch, int width, int height, float add) {}
extern "C" __global__ void choose_case(cudaGraphConditionalHandle handle, unsigned value) {}
extern "C" __global__ void square_into(float* out, float* in, float factor, int n) {}
namespace ops {
template <typename T, int Radius>
__global__ void stencil(T* x, int n) {}
}  // namespace ops
extern "C" __global__ void size_expert(cudaGraphDeviceNode_t expert, const int* count) {}
extern "C" __global__ void count_up(float* x, int count) {}

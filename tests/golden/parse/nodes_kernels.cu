// The kernels the graphs of this folder that declare `module "nodes_kernels.cu";` launch, as
// signatures with empty bodies: graphc check compiles this module with NVRTC and checks
// every kernel node against them (E0120, E0255, E0256). These goldens never run a kernel.
extern "C" __global__ void axpy(float* y, float* x, float alpha, int n) {}
template <typename T>
__global__ void tiled() {}
namespace ns {
template <typename T, int Tile>
__global__ void scale(T* x, T factor, long n, unsigned stride) {}
}  // namespace ns

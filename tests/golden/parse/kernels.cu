// The kernels the graphs of this folder that declare `module "kernels.cu";` launch, as
// signatures with empty bodies: graphc check compiles this module with NVRTC and checks
// every kernel node against them (E0120, E0255, E0256). These goldens never run a kernel.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

struct Points {
  float4* points;
  int count;
};

extern "C" __global__ void blur(float* image, size_t pitch, unsigned char* mask, size_t mask_pitch, int width,
                                int height) {}
extern "C" __global__ void count_down(cudaGraphExec_t self, int* left) {}
extern "C" __global__ void fill(float* x, float* y, int n) {}
extern "C" __global__ void smooth(float* volume, size_t pitch, int width, int height, int depth) {}
extern "C" __global__ void start_worker(cudaGraphExec_t worker) {}
__global__ void take_points(Points points) {}
__global__ void take_vectors(float4* a, float2* b, float2 c, int3 d, __half2 e, __nv_bfloat162 f, uchar4* g) {}

// The kernels the graphs of this folder that declare `module "k.cu";` launch, as
// signatures with empty bodies: graphc check compiles this module with NVRTC and checks
// every kernel node against them (E0120, E0255, E0256). These goldens never run a kernel.
#include <cuda_fp16.h>

struct SaxpyArgs {
  float* x;
  float* y;
  float a;
  char tag;
  int n;
};
namespace ns {
struct Mixed {
  __half h;
  double d;
  unsigned char b;
  long* p;
  short s;
};
}  // namespace ns

extern "C" __global__ void add_from(float* out, float* in, int n) {}
extern "C" __global__ void add_one(float* x, int n) {}
extern "C" __global__ void fill(float* x, int n) {}
extern "C" __global__ void scale(float* x, float factor) {}
extern "C" __global__ void square_into(float* out, float* in, float factor, int n) {}
__global__ void mix(ns::Mixed a, ns::Mixed b) {}
__global__ void saxpy(SaxpyArgs args, int repeat) {}

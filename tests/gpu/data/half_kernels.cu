// A module that includes a toolkit header: NVRTC must find cuda_fp16.h.
#include <cuda_fp16.h>

/// out[i] = in[i] * scale, in half precision.
extern "C" __global__ void half_scale(const __half* in, __half* out, __half scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __hmul(in[i], scale);
}

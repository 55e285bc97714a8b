// Kernels over CUDA's vector types (vectors.graph): float4 points loaded whole, a float2 and
// an int2 by value, uchar4 colours and half2 pairs, as real image and ML kernels take them.
#include <cuda_fp16.h>

/// out[i] = (p.x * s.x + p.w * s.y, p.y * s.x + p.z * s.y) for p = points[i].
extern "C" __global__ void mix_points(const float4* points, float2* out, float2 s, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    const float4 p = points[i];
    out[i] = make_float2(p.x * s.x + p.w * s.y, p.y * s.x + p.z * s.y);
  }
}

/// rgba[i] = (x % m.x, y % m.y, z % m.x, rgba[i].w) from p = points[i]: the w lane keeps what
/// the memset before wrote.
extern "C" __global__ void pack_colours(uchar4* rgba, const float4* points, int2 m, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    const float4 p = points[i];
    const uchar4 old = rgba[i];
    rgba[i] = make_uchar4(static_cast<unsigned char>(static_cast<int>(p.x) % m.x),
                          static_cast<unsigned char>(static_cast<int>(p.y) % m.y),
                          static_cast<unsigned char>(static_cast<int>(p.z) % m.x), old.w);
  }
}

/// pairs[i] += add, in half precision.
extern "C" __global__ void add_pairs(__half2* pairs, __half2 add, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) pairs[i] = __hadd2(pairs[i], add);
}

/// out[i] = points[i] * tint, lane by lane: a float4 param by value.
extern "C" __global__ void tint_points(float4* out, const float4* points, float4 tint, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    const float4 p = points[i];
    out[i] = make_float4(p.x * tint.x, p.y * tint.y, p.z * tint.z, p.w * tint.w);
  }
}

/// dst[i] = src[i] * k: one 16-byte load and store per thread.
extern "C" __global__ void scale4(float4* dst, const float4* src, float k, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    const float4 v = src[i];
    dst[i] = make_float4(v.x * k, v.y * k, v.z * k, v.w * k);
  }
}

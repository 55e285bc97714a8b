// What both decoders' kernels (transformer_decode_kernels.cu, f32, and
// transformer_decode_bf16_kernels.cu) share: block and warp reductions over blocks of 256
// threads, and the value of each parameter as the graphs' first launch writes it. Device
// code for NVRTC and nvcc, CUDA built-ins only (graphc reads a module's kernels from its own
// text, so the kernels stay in the .cu files).
#pragma once

#include "model.h"

namespace decode_kernels {

constexpr int kThreads = 256;  // every kernel below runs blocks of 256 threads
constexpr int kWarps = kThreads / 32;

// The sums of (a, b) over the block's threads, in every thread.
__device__ inline float2 block_sum2(float a, float b) {
  __shared__ float2 partial[kWarps];
  for (int offset = 16; offset > 0; offset /= 2) {
    a += __shfl_xor_sync(0xffffffffu, a, offset);
    b += __shfl_xor_sync(0xffffffffu, b, offset);
  }
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = make_float2(a, b);
  __syncthreads();
  float2 sum = partial[0];
  for (int w = 1; w < kWarps; ++w) {
    sum.x += partial[w].x;
    sum.y += partial[w].y;
  }
  __syncthreads();  // partial is reused by the next call
  return sum;
}

// The maximum (or the sum) of one value per thread of the block, in every thread.
__device__ inline float block_reduce(float value, bool maximum) {
  __shared__ float partial[kWarps];
  for (int offset = 16; offset > 0; offset /= 2) {
    const float other = __shfl_xor_sync(0xffffffffu, value, offset);
    value = maximum ? fmaxf(value, other) : value + other;
  }
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = value;
  __syncthreads();
  value = partial[0];
  for (int w = 1; w < kWarps; ++w) value = maximum ? fmaxf(value, partial[w]) : value + partial[w];
  __syncthreads();
  return value;
}

// The sum of a warp's values, in every lane.
__device__ inline float warp_sum(float value) {
  for (int offset = 16; offset > 0; offset /= 2) value += __shfl_xor_sync(0xffffffffu, value, offset);
  return value;
}

// Element `i` of the parameters of every layer, [layer][model.h's layout], as
// decode_model::parameter gives it.
__device__ inline float layer_parameter(long long i) {
  const long long layer = i / decode_model::kLayerParameters;
  const long long within = i - layer * decode_model::kLayerParameters;
  unsigned tensor = 0;
  while (tensor + 1 < decode_model::tensor_count && within >= decode_model::tensor_offset(tensor + 1)) ++tensor;
  return decode_model::parameter(static_cast<unsigned>(layer), tensor,
                                 static_cast<unsigned>(within - decode_model::tensor_offset(tensor)));
}

}  // namespace decode_kernels

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

// An element of a cache as a float: f32 as it is (the bf16 kernels add their own overload).
__device__ inline float to_float(float v) { return v; }

// The softmax-weighted sum of one head over positions 0..count-1, for one query: scores[t] =
// q . keys[t] / sqrt(head_dim) (a warp per position, two features per lane), softmax, then
// the sum of scores[t] values[t] for each of the head's features, which thread i of the
// first group (threads 0..head_dim-1) returns and the others leave. `query` (head_dim = 64
// floats), `scores` (count floats) and `partial` (kThreads floats) are shared memory; keys
// and values are the head's columns of caches of rows `d_model` apart. Every thread of the
// block calls it.
template <class T>
__device__ float attend_head(const float* query, const T* keys, const T* values, int count, int d_model, int head_dim,
                             float* scores, float* partial) {
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  const float scale = rsqrtf(static_cast<float>(head_dim));
  float largest = -__int_as_float(0x7f800000);  // -inf, with no math header
  for (int t = warp; t < count; t += kWarps) {
    const T* key = keys + static_cast<long long>(t) * d_model;
    const float dot = warp_sum(query[lane] * to_float(key[lane]) + query[lane + 32] * to_float(key[lane + 32])) * scale;
    if (lane == 0) scores[t] = dot;
    largest = fmaxf(largest, dot);
  }
  largest = block_reduce(largest, true);  // also orders the scores' writes before the reads below
  float sum = 0.0f;
  for (int t = threadIdx.x; t < count; t += blockDim.x) {
    scores[t] = expf(scores[t] - largest);
    sum += scores[t];
  }
  sum = block_reduce(sum, false);
  // Thread (group, i) sums positions group, group + groups, ... of output feature i.
  const int groups = blockDim.x / head_dim;
  const int group = threadIdx.x / head_dim;
  const int i = threadIdx.x % head_dim;
  float acc = 0.0f;
  for (int t = group; t < count; t += groups)
    acc += scores[t] * to_float(values[static_cast<long long>(t) * d_model + i]);
  partial[threadIdx.x] = acc;
  __syncthreads();
  if (group != 0) return 0.0f;
  for (int g = 1; g < groups; ++g) acc += partial[g * head_dim + i];
  return acc / sum;
}

}  // namespace decode_kernels

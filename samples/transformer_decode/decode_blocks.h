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

// Eight consecutive elements of a cache row as floats: two 16-byte loads (`p` 16-byte
// aligned; the bf16 kernels add their own overload).
__device__ inline void load8(const float* p, float* out) {
  const float4 low = reinterpret_cast<const float4*>(p)[0];
  const float4 high = reinterpret_cast<const float4*>(p)[1];
  out[0] = low.x, out[1] = low.y, out[2] = low.z, out[3] = low.w;
  out[4] = high.x, out[5] = high.y, out[6] = high.z, out[7] = high.w;
}

// The softmax-weighted sum of one head over positions 0..count-1, for one query, in three
// steps that each keep every thread busy at decode's short lengths: scores[t] = q . keys[t] /
// sqrt(head_dim), a thread per position, its key read in 16-byte loads; softmax; then, 8
// threads per position and 32 positions at a time, each thread the sum of scores[t]
// values[t] over its 8 features, summed across positions by warp shuffles and then across
// warps. head_dim is decode_model::kHeadDim (64). Thread i < head_dim returns feature i; the
// others return 0. `query` (head_dim floats), `scores` (count floats) and `partial` (kWarps *
// head_dim floats) are shared memory; keys and values are the head's columns of caches of
// rows `d_model` apart, 16-byte aligned. Every thread of the block calls it.
template <class T>
__device__ float attend_head(const float* query, const T* keys, const T* values, int count, int d_model, float* scores,
                             float* partial) {
  const float scale = rsqrtf(static_cast<float>(decode_model::kHeadDim));
  float largest = -__int_as_float(0x7f800000);  // -inf, with no math header
  for (int t = threadIdx.x; t < count; t += blockDim.x) {
    const T* key = keys + static_cast<long long>(t) * d_model;
    float dot = 0.0f;
#pragma unroll
    for (int c = 0; c < decode_model::kHeadDim; c += 8) {
      float k[8];
      load8(key + c, k);
#pragma unroll
      for (int j = 0; j < 8; ++j) dot += query[c + j] * k[j];
    }
    scores[t] = dot * scale;
    largest = fmaxf(largest, dot * scale);
  }
  largest = block_reduce(largest, true);
  float sum = 0.0f;
  for (int t = threadIdx.x; t < count; t += blockDim.x) {
    scores[t] = expf(scores[t] - largest);
    sum += scores[t];
  }
  sum = block_reduce(sum, false);  // also orders the scores' writes before the reads below
  // Thread (row, chunk): features chunk * 8 .. chunk * 8 + 7 of positions row, row + 32, ...
  const int chunk = threadIdx.x % 8;
  float acc[8] = {};
  for (int t = threadIdx.x / 8; t < count; t += blockDim.x / 8) {
    float v[8];
    load8(values + static_cast<long long>(t) * d_model + chunk * 8, v);
    const float p = scores[t];
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[j] += p * v[j];
  }
  // Lanes l, l ^ 8, l ^ 16 and l ^ 24 hold the same features: lanes 0..7 get their sums.
#pragma unroll
  for (int j = 0; j < 8; ++j) {
    acc[j] += __shfl_xor_sync(0xffffffffu, acc[j], 8);
    acc[j] += __shfl_xor_sync(0xffffffffu, acc[j], 16);
  }
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (lane < 8) {
#pragma unroll
    for (int j = 0; j < 8; ++j) partial[warp * decode_model::kHeadDim + lane * 8 + j] = acc[j];
  }
  __syncthreads();
  if (threadIdx.x >= decode_model::kHeadDim) return 0.0f;
  float out = 0.0f;
  for (int w = 0; w < kWarps; ++w) out += partial[w * decode_model::kHeadDim + threadIdx.x];
  return out / sum;
}

}  // namespace decode_kernels

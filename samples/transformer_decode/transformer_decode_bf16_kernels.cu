// The kernels of transformer_decode_bf16.graph: the same decoder as
// transformer_decode_kernels.cu with bf16 parameters, activations and caches, every sum in
// f32. The GEMMs are cuBLASLt matmuls whose epilogues add the biases (and apply GELU), so
// these kernels are the norms, the attention and the set-up: a layer is seven dependent
// nodes. Each kernel reads bf16, computes in f32 and rounds once where it stores, as the CPU
// reference does (reference.cpp, Precision::bf16). extern "C" so NVRTC and nvcc name them
// alike.
#include <cuda_bf16.h>

#include "decode_blocks.h"
#include "model.h"

// Eight bf16 cache elements as floats, one 16-byte load, for decode_kernels::attend_head
// (found by its argument's namespace, the global one).
__device__ inline void load8(const __nv_bfloat16* p, float* out) {
  const uint4 raw = *reinterpret_cast<const uint4*>(p);
  const __nv_bfloat162* pairs = reinterpret_cast<const __nv_bfloat162*>(&raw);
  for (int k = 0; k < 4; ++k) {
    const float2 f = __bfloat1622float2(pairs[k]);
    out[2 * k] = f.x;
    out[2 * k + 1] = f.y;
  }
}

namespace {

using namespace decode_kernels;

using bf16 = __nv_bfloat16;

constexpr int kPerThread = decode_model::kModel / kThreads;  // 3: a token's features, in registers

}  // namespace

// Fills every layer's parameters, rounded to bf16, on the first launch only: `initialized`
// is 0 until mark_initialized runs after it.
extern "C" __global__ void init_parameters_bf16(bf16* parameters, const int* initialized, long long count) {
  if (*initialized != 0) return;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count; i += step) {
    parameters[i] = __float2bfloat16_rn(layer_parameter(i));
  }
}

extern "C" __global__ void mark_initialized(int* initialized) { *initialized = 1; }

// The position of this launch's tokens, for the kernels after it.
extern "C" __global__ void store_position(int* pos_dev, int pos) { *pos_dev = pos; }

// x[b][d] = the embedding of token b at the current position, rounded to bf16. Grid: one
// block per token.
extern "C" __global__ void embed_tokens_bf16(bf16* x, const int* pos_dev, int d_model) {
  const int pos = *pos_dev;
  for (int d = threadIdx.x; d < d_model; d += blockDim.x) {
    x[blockIdx.x * d_model + d] = __float2bfloat16_rn(decode_model::embedding(static_cast<int>(blockIdx.x), pos, d));
  }
}

// h[b] = layernorm(x[b]) * gain + beta, in f32 from bf16, stored as bf16. Grid: one block of
// 256 threads per token; d_model must be decode_model::kModel.
extern "C" __global__ void layer_norm_bf16(const bf16* x, const bf16* gain, const bf16* beta, bf16* h, int d_model) {
  const bf16* row = x + blockIdx.x * d_model;
  float v[kPerThread];
  float g[kPerThread];  // the gain and shift, loaded with the row: their latency overlaps its
  float s[kPerThread];  // and the block's reduction rather than following them
  float sum = 0.0f;
  float squares = 0.0f;
  for (int j = 0; j < kPerThread; ++j) {
    const int d = threadIdx.x + j * kThreads;
    v[j] = __bfloat162float(row[d]);
    g[j] = __bfloat162float(gain[d]);
    s[j] = __bfloat162float(beta[d]);
    sum += v[j];
    squares += v[j] * v[j];
  }
  const float2 sums = block_sum2(sum, squares);
  const float mean = sums.x / decode_model::kModel;
  const float variance = fmaxf(sums.y / decode_model::kModel - mean * mean, 0.0f);
  const float inverse = rsqrtf(variance + 1e-5f);
  for (int j = 0; j < kPerThread; ++j) {
    const int d = threadIdx.x + j * kThreads;
    h[blockIdx.x * d_model + d] = __float2bfloat16_rn((v[j] - mean) * inverse * g[j] + s[j]);
  }
}

// Attention for one head of one token, with the KV append before it: the head's slice of
// qkv[b] (the QKV matmul's output, its bias added) is the query, the key and the value; the
// key and value go into row `pos` of token b's caches ([token][position][d_model]); then
// out[b][head] = softmax(q . k[t] / sqrt(head_dim), t = 0..pos) weighted sum of v[t], in
// f32, stored as bf16. Grid: (heads, tokens) of 256 threads; head_dim must be 64; dynamic
// shared memory: one float per cache position.
extern "C" __global__ void attention_bf16(const bf16* qkv, bf16* k_cache, bf16* v_cache, bf16* out, const int* pos_dev,
                                          int positions, int d_model, int head_dim) {
  extern __shared__ float scores[];
  __shared__ float query[64];
  __shared__ float partial[kWarps * decode_model::kHeadDim];
  const int head = blockIdx.x;
  const int b = blockIdx.y;
  const int pos = *pos_dev;
  bf16* keys = k_cache + static_cast<long long>(b) * positions * d_model + head * head_dim;
  bf16* values = v_cache + static_cast<long long>(b) * positions * d_model + head * head_dim;
  const bf16* slice = qkv + b * 3 * d_model + head * head_dim;
  if (threadIdx.x < head_dim) {
    const int i = threadIdx.x;
    query[i] = __bfloat162float(slice[i]);
    keys[static_cast<long long>(pos) * d_model + i] = slice[d_model + i];
    values[static_cast<long long>(pos) * d_model + i] = slice[2 * d_model + i];
  }
  __syncthreads();  // the query, and this position's key and value, for the whole block
  const float attended = attend_head(query, keys, values, pos + 1, d_model, scores, partial);
  if (threadIdx.x < head_dim) out[b * d_model + head * head_dim + threadIdx.x] = __float2bfloat16_rn(attended);
}

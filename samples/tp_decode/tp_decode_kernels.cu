// The kernels of tp_decode.graph: a decoder layer's work around its four cuBLAS GEMMs
// (capture nodes) and two all-reduces (collective nodes), on one rank's slice of the model
// (model.h). One token per batch member is decoded per launch, at the position the graph's
// `pos` param writes into `pos_dev`. extern "C" so NVRTC and nvcc name them alike.
// Activations between GEMMs are bf16, as the GEMMs take them; the residual stream, every
// reduction and softmax are f32.
#include <cuda_bf16.h>

#include "model.h"

namespace {

constexpr int kWarps = 32;     // at most, a block of 1024 threads
constexpr int kPerThread = 8;  // the normalisation's features a thread: model <= 8 x blockDim

// `op` (a sum or a maximum) of one value per thread of a block of up to 1024 threads, a
// whole number of warps, in every thread.
template <class Op>
__device__ float block_reduce(float value, Op op) {
  __shared__ float partial[kWarps];
  for (int offset = 16; offset > 0; offset /= 2) value = op(value, __shfl_xor_sync(0xffffffffu, value, offset));
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = value;
  __syncthreads();
  value = partial[0];
  for (int w = 1; w < static_cast<int>(blockDim.x / 32); ++w) value = op(value, partial[w]);
  __syncthreads();  // partial is reused by the next call
  return value;
}

__device__ float block_sum(float value) {
  return block_reduce(value, [](float a, float b) { return a + b; });
}

__device__ float block_max(float value) {
  return block_reduce(value, [](float a, float b) { return fmaxf(a, b); });
}

}  // namespace

/// One layer's weights on rank `rank` of `world`, in the order and slices model.h lays out:
/// `per_layer` elements a layer, `layers` layers, unless `initialized` says a launch before
/// wrote them. A grid-stride loop: any grid fills it.
extern "C" __global__ void init_weights(__nv_bfloat16* w, const int* initialized, int rank, int world,
                                        long long per_layer, int layers, int batch, int model, int heads, int hidden,
                                        int cache) {
  if (*initialized != 0) return;
  const tp_model::Shape shape{batch, model, heads, hidden, layers, cache};
  const long long total = per_layer * layers;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const auto layer = static_cast<unsigned>(i / per_layer);
    w[i] = __float2bfloat16_rn(tp_model::slice_weight(shape, layer, rank, world, i % per_layer));
  }
}

/// The RMSNorms' gains, `model` apiece: norm 2l before layer l's attention, 2l + 1 before
/// its MLP, 2L the final one; unless `initialized` says a launch before wrote them.
extern "C" __global__ void init_gains(float* gains, const int* initialized, int norms, int model) {
  if (*initialized != 0) return;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < norms * model; i += gridDim.x * blockDim.x) {
    gains[i] = tp_model::gain(i / model, i % model);
  }
}

/// initialized[0] = 1, once init_weights and init_gains have run: later launches skip them.
extern "C" __global__ void mark_initialized(int* initialized) { *initialized = 1; }

/// pos_dev[0] = pos: the one node a new position updates.
extern "C" __global__ void store_position(int* pos_dev, int pos) { *pos_dev = pos; }

/// x[b] = the embedding of token b at the current position. One block per token.
extern "C" __global__ void embed_tokens(float* x, const int* pos_dev, int model) {
  const int b = blockIdx.x;
  for (int d = threadIdx.x; d < model; d += blockDim.x) x[b * model + d] = tp_model::embedding(b, *pos_dev, d, model);
}

/// x[b] += partial[b] (the all-reduced output of the GEMM before, unless null), then
/// h[b] = RMSNorm(x[b]) * gain, rounded to bf16 for the next GEMM. One block per token, of
/// up to 1024 threads, each holding at most kPerThread of the token's features in registers
/// (so every load is issued before any is waited for): model <= kPerThread x blockDim, or the
/// kernel traps (a launch failure, never a wrong result).
extern "C" __global__ void add_rms_norm(float* __restrict__ x, const __nv_bfloat16* __restrict__ partial,
                                        const float* __restrict__ gain, __nv_bfloat16* __restrict__ h, int model) {
  if (model > kPerThread * static_cast<int>(blockDim.x)) __trap();
  float* row = x + static_cast<long long>(blockIdx.x) * model;
  const __nv_bfloat16* add = partial == nullptr ? nullptr : partial + static_cast<long long>(blockIdx.x) * model;
  float v[kPerThread];
  float g[kPerThread];  // loaded with x, before the reduction waits
  float squares = 0.0f;
#pragma unroll
  for (int j = 0; j < kPerThread; ++j) {
    const int d = threadIdx.x + j * blockDim.x;
    v[j] = d < model ? row[d] + (add != nullptr ? __bfloat162float(add[d]) : 0.0f) : 0.0f;
    g[j] = d < model ? gain[d] : 0.0f;
    squares += v[j] * v[j];
  }
  const float inverse = rsqrtf(block_sum(squares) / static_cast<float>(model) + 1e-5f);
#pragma unroll
  for (int j = 0; j < kPerThread; ++j) {
    const int d = threadIdx.x + j * blockDim.x;
    if (d >= model) continue;
    if (add != nullptr) row[d] = v[j];
    h[static_cast<long long>(blockIdx.x) * model + d] = __float2bfloat16_rn(v[j] * inverse * g[j]);
  }
}

/// Attention of one head (blockIdx.x, of this rank's heads) of token blockIdx.y at position
/// *pos_dev: rotates its query and key (RoPE, base 10000, the halves of a head paired as
/// Llama pairs them), stores key and value in the caches ([token][head][position][dim]), and
/// writes softmax(q k^T / sqrt(head_dim)) v over positions 0..pos into out. qkv is
/// [token][q | k | v], each `local` = this rank's heads x head_dim wide. head_dim is a power
/// of two from 8 to 256 that divides blockDim (a key is read 16 bytes a thread, head_dim / 8
/// threads a position), or the kernel traps. Dynamic shared memory: (cache + blockDim) floats.
/// Its time is a chain of dependent memory round trips: the more threads (up to 1024), the
/// fewer passes over the positions, each a round trip.
extern "C" __global__ void rope_attention(const __nv_bfloat16* __restrict__ qkv, __nv_bfloat16* __restrict__ k_cache,
                                          __nv_bfloat16* __restrict__ v_cache, __nv_bfloat16* __restrict__ out,
                                          const int* __restrict__ pos_dev, int local, int head_dim, int cache) {
  const int lanes = head_dim / 8;  // threads a position while scoring
  if (head_dim < 8 || lanes > 32 || (lanes & (lanes - 1)) != 0 || blockDim.x % head_dim != 0) __trap();
  extern __shared__ float shared[];
  float* scores = shared;     // [cache]: the scores, then the softmax's numerators
  float* q = shared + cache;  // [blockDim]: the rotated query, then the output's partial sums
  const int head = blockIdx.x;
  const int token = blockIdx.y;
  const int heads = local / head_dim;
  const int pos = *pos_dev;
  const int half = head_dim / 2;
  const __nv_bfloat16* row = qkv + static_cast<long long>(token) * 3 * local + head * head_dim;
  const long long slot = (static_cast<long long>(token) * heads + head) * cache;
  __nv_bfloat16* keys = k_cache + slot * head_dim;
  __nv_bfloat16* values = v_cache + slot * head_dim;
  for (int i = threadIdx.x; i < half; i += blockDim.x) {
    const float angle = static_cast<float>(pos) * exp2f(-13.287712379549449f * (2.0f * i / head_dim));  // 10000^-2i/hd
    float sine = 0.0f, cosine = 0.0f;
    sincosf(angle, &sine, &cosine);
    const float q0 = __bfloat162float(row[i]), q1 = __bfloat162float(row[i + half]);
    const float k0 = __bfloat162float(row[local + i]), k1 = __bfloat162float(row[local + i + half]);
    q[i] = q0 * cosine - q1 * sine;
    q[i + half] = q1 * cosine + q0 * sine;
    keys[static_cast<long long>(pos) * head_dim + i] = __float2bfloat16_rn(k0 * cosine - k1 * sine);
    keys[static_cast<long long>(pos) * head_dim + i + half] = __float2bfloat16_rn(k1 * cosine + k0 * sine);
  }
  for (int d = threadIdx.x; d < head_dim; d += blockDim.x) {
    values[static_cast<long long>(pos) * head_dim + d] = row[2 * local + d];
  }
  __syncthreads();
  // Scores: `lanes` neighbouring threads per position, 8 of its key's elements each, summed
  // by shuffles within the group; blockDim / lanes positions a pass.
  const float scale = rsqrtf(static_cast<float>(head_dim));
  const int part = threadIdx.x % lanes;
  float best = -3.0e38f;
#pragma unroll 4
  for (int first = 0; first <= pos; first += blockDim.x / lanes) {
    const int t = first + threadIdx.x / lanes;
    float dot = 0.0f;
    if (t <= pos) {
      const uint4 chunk = reinterpret_cast<const uint4*>(keys + static_cast<long long>(t) * head_dim)[part];
      const auto* pairs = reinterpret_cast<const __nv_bfloat162*>(&chunk);
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const float2 k = __bfloat1622float2(pairs[e]);
        dot += q[8 * part + 2 * e] * k.x + q[8 * part + 2 * e + 1] * k.y;
      }
    }
    for (int offset = lanes / 2; offset > 0; offset /= 2) dot += __shfl_xor_sync(0xffffffffu, dot, offset);
    if (part == 0 && t <= pos) {
      scores[t] = dot * scale;
      best = fmaxf(best, scores[t]);
    }
  }
  best = block_max(best);  // its __syncthreads also ends every read of q
  float sum = 0.0f;
  for (int t = threadIdx.x; t <= pos; t += blockDim.x) {
    scores[t] = __expf(scores[t] - best);
    sum += scores[t];
  }
  sum = block_sum(sum);  // its __syncthreads orders the numerators' writes before their reads
  // The output: blockDim / head_dim groups of head_dim threads, each group every
  // groups-th position, then the groups' partial sums added.
  const int groups = blockDim.x / head_dim;
  const int d = threadIdx.x % head_dim;
  float acc = 0.0f;
#pragma unroll 8
  for (int t = threadIdx.x / head_dim; t <= pos; t += groups) {
    acc += scores[t] * __bfloat162float(values[static_cast<long long>(t) * head_dim + d]);
  }
  q[threadIdx.x] = acc;
  __syncthreads();
  if (static_cast<int>(threadIdx.x) < head_dim) {
    float total = 0.0f;
    for (int g = 0; g < groups; ++g) total += q[g * head_dim + d];
    out[static_cast<long long>(token) * local + head * head_dim + d] = __float2bfloat16_rn(total / sum);
  }
}

/// act[b][j] = silu(gate) * up for this rank's `local` MLP columns, gate_up being
/// [token][gate | up]. Grid (ceil(local / blockDim), tokens).
extern "C" __global__ void silu_mul(const __nv_bfloat16* gate_up, __nv_bfloat16* act, int local) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= local) return;
  const long long b = blockIdx.y;
  const float gate = __bfloat162float(gate_up[b * 2 * local + j]);
  const float up = __bfloat162float(gate_up[b * 2 * local + local + j]);
  act[b * local + j] = __float2bfloat16_rn(gate / (1.0f + __expf(-gate)) * up);
}

// The kernels of transformer_decode.graph: the decoder layer's element-wise, normalisation
// and attention work around its four cuBLAS GEMMs (capture nodes in the graph). One token
// per batch member is decoded per launch, at the position the graph's `pos` param writes
// into `pos_dev`; every kernel that needs it reads it there, so a new position is one
// kernel node's update. extern "C" so NVRTC and nvcc name them alike; model.h is shared
// with the CPU reference.
#include "model.h"

namespace {

constexpr int kThreads = 256;  // every kernel below runs blocks of 256 threads

// The sum (or the maximum) of one value per thread of the block, in every thread.
__device__ float block_reduce(float value, bool maximum) {
  __shared__ float partial[kThreads / 32];
  for (int offset = 16; offset > 0; offset /= 2) {
    const float other = __shfl_xor_sync(0xffffffffu, value, offset);
    value = maximum ? fmaxf(value, other) : value + other;
  }
  const int warp = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0) partial[warp] = value;
  __syncthreads();
  value = partial[0];
  for (int w = 1; w < kThreads / 32; ++w) value = maximum ? fmaxf(value, partial[w]) : value + partial[w];
  __syncthreads();  // partial is reused by the next call
  return value;
}

// out = (row - mean) / sqrt(var + 1e-5) * gain + bias over one token's `d_model` values.
__device__ void normalize(const float* row, const float* gain, const float* bias, float* out, int d_model) {
  float sum = 0.0f;
  for (int d = threadIdx.x; d < d_model; d += blockDim.x) sum += row[d];
  const float mean = block_reduce(sum, false) / static_cast<float>(d_model);
  float squares = 0.0f;
  for (int d = threadIdx.x; d < d_model; d += blockDim.x) squares += (row[d] - mean) * (row[d] - mean);
  const float inverse = rsqrtf(block_reduce(squares, false) / static_cast<float>(d_model) + 1e-5f);
  for (int d = threadIdx.x; d < d_model; d += blockDim.x) out[d] = (row[d] - mean) * inverse * gain[d] + bias[d];
}

}  // namespace

// Fills every layer's parameters (decode_model::parameter) on the first launch only:
// `initialized` is 0 until mark_initialized runs after it.
extern "C" __global__ void init_parameters(float* parameters, const int* initialized, long long count) {
  if (*initialized != 0) return;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count; i += step) {
    const long long layer = i / decode_model::kLayerParameters;
    const long long within = i - layer * decode_model::kLayerParameters;
    unsigned tensor = 0;
    while (tensor + 1 < decode_model::tensor_count && within >= decode_model::tensor_offset(tensor + 1)) ++tensor;
    parameters[i] = decode_model::parameter(static_cast<unsigned>(layer), tensor,
                                            static_cast<unsigned>(within - decode_model::tensor_offset(tensor)));
  }
}

extern "C" __global__ void mark_initialized(int* initialized) { *initialized = 1; }

// The position of this launch's tokens, for the kernels after it.
extern "C" __global__ void store_position(int* pos_dev, int pos) { *pos_dev = pos; }

// x[b][d] = the embedding of token b at the current position. Grid: one block per token.
extern "C" __global__ void embed_tokens(float* x, const int* pos_dev, int d_model) {
  const int pos = *pos_dev;
  for (int d = threadIdx.x; d < d_model; d += blockDim.x) {
    x[blockIdx.x * d_model + d] = decode_model::embedding(static_cast<int>(blockIdx.x), pos, d);
  }
}

// h[b] = layernorm(x[b]). Grid: one block per token.
extern "C" __global__ void layer_norm(const float* x, const float* gain, const float* bias, float* h, int d_model) {
  normalize(x + blockIdx.x * d_model, gain, bias, h + blockIdx.x * d_model, d_model);
}

// x[b] += residual_bias, then h[b] = layernorm(x[b]). Grid: one block per token.
extern "C" __global__ void add_bias_layer_norm(float* x, const float* residual_bias, const float* gain,
                                               const float* bias, float* h, int d_model) {
  float* row = x + blockIdx.x * d_model;
  for (int d = threadIdx.x; d < d_model; d += blockDim.x) row[d] += residual_bias[d];
  __syncthreads();
  normalize(row, gain, bias, h + blockIdx.x * d_model, d_model);
}

// qkv[b] (3 * d_model, from the QKV GEMM) plus its bias: the query into q[b], the key and
// the value into row `pos` of token b's caches ([token][position][d_model]).
// Grid: (ceil(3 * d_model / 256), tokens).
extern "C" __global__ void append_kv(const float* qkv, const float* bias, float* q, float* k_cache, float* v_cache,
                                     const int* pos_dev, int positions, int d_model) {
  const int b = blockIdx.y;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 3 * d_model) return;
  const float value = qkv[b * 3 * d_model + i] + bias[i];
  const long long row = (static_cast<long long>(b) * positions + *pos_dev) * d_model;
  if (i < d_model) {
    q[b * d_model + i] = value;
  } else if (i < 2 * d_model) {
    k_cache[row + i - d_model] = value;
  } else {
    v_cache[row + i - 2 * d_model] = value;
  }
}

// out[b][head] = softmax(q . k[t] / sqrt(head_dim), t = 0..pos) weighted sum of v[t].
// Grid: (heads, tokens); dynamic shared memory: one float per cache position.
extern "C" __global__ void attention(const float* q, const float* k_cache, const float* v_cache, float* out,
                                     const int* pos_dev, int positions, int d_model, int head_dim) {
  extern __shared__ float scores[];
  __shared__ float partial[kThreads];
  const int head = blockIdx.x;
  const int b = blockIdx.y;
  const int count = *pos_dev + 1;
  const float* query = q + b * d_model + head * head_dim;
  const float* keys = k_cache + static_cast<long long>(b) * positions * d_model + head * head_dim;
  const float* values = v_cache + static_cast<long long>(b) * positions * d_model + head * head_dim;
  const float scale = rsqrtf(static_cast<float>(head_dim));
  float largest = -__int_as_float(0x7f800000);  // -inf, with no math header
  for (int t = threadIdx.x; t < count; t += blockDim.x) {
    float dot = 0.0f;
    for (int i = 0; i < head_dim; ++i) dot += query[i] * keys[static_cast<long long>(t) * d_model + i];
    scores[t] = dot * scale;
    largest = fmaxf(largest, scores[t]);
  }
  largest = block_reduce(largest, true);
  float sum = 0.0f;
  for (int t = threadIdx.x; t < count; t += blockDim.x) {
    scores[t] = expf(scores[t] - largest);
    sum += scores[t];
  }
  sum = block_reduce(sum, false);  // also orders the writes of scores before the reads below
  // Thread (group, i) sums positions group, group + groups, ... of output element i.
  const int groups = blockDim.x / head_dim;
  const int group = threadIdx.x / head_dim;
  const int i = threadIdx.x % head_dim;
  float acc = 0.0f;
  for (int t = group; t < count; t += groups) acc += scores[t] * values[static_cast<long long>(t) * d_model + i];
  partial[threadIdx.x] = acc;
  __syncthreads();
  if (group == 0) {
    for (int g = 1; g < groups; ++g) acc += partial[g * head_dim + i];
    out[b * d_model + head * head_dim + i] = acc / sum;
  }
}

// u[b] = gelu(u[b] + bias), GPT-2's tanh approximation. Grid: (ceil(width / 256), tokens).
extern "C" __global__ void bias_gelu(float* u, const float* bias, int width) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= width) return;
  float* element = u + blockIdx.y * width + i;
  const float v = *element + bias[i];
  *element = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
}

// x[b] += bias. Grid: (ceil(d_model / 256), tokens).
extern "C" __global__ void add_bias(float* x, const float* bias, int d_model) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < d_model) x[blockIdx.y * d_model + i] += bias[i];
}

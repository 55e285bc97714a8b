// The kernels of transformer_decode.graph: the decoder layer's normalisation, attention and
// element-wise work around its four cuBLAS GEMMs (capture nodes in the graph), fused so that
// a layer is eight dependent nodes. One token
// per batch member is decoded per launch, at the position the graph's `pos` param writes
// into `pos_dev`; every kernel that needs it reads it there, so a new position is one
// kernel node's update. extern "C" so NVRTC and nvcc name them alike; model.h is shared
// with the CPU reference.
#include "decode_blocks.h"
#include "model.h"

namespace {

using namespace decode_kernels;

constexpr int kPerThread = decode_model::kModel / kThreads;  // 3: a token's features, in registers

// row += bias (when bias is not null), then out = (row - mean) / sqrt(var + 1e-5) * gain +
// beta over one token's features, mean and variance from one reduction of the sum and the
// sum of squares. One block of 256 threads per token.
__device__ void normalize(float* row, const float* bias, const float* gain, const float* beta, float* out) {
  float v[kPerThread];
  float g[kPerThread];  // the gain and shift, loaded with the row: their latency overlaps its
  float s[kPerThread];  // and the block's reduction rather than following them
  float sum = 0.0f;
  float squares = 0.0f;
  for (int j = 0; j < kPerThread; ++j) {
    const int d = threadIdx.x + j * kThreads;
    v[j] = row[d];
    g[j] = gain[d];
    s[j] = beta[d];
    if (bias != nullptr) {
      v[j] += bias[d];
      row[d] = v[j];
    }
    sum += v[j];
    squares += v[j] * v[j];
  }
  const float2 sums = block_sum2(sum, squares);
  const float mean = sums.x / decode_model::kModel;
  const float variance = fmaxf(sums.y / decode_model::kModel - mean * mean, 0.0f);
  const float inverse = rsqrtf(variance + 1e-5f);
  for (int j = 0; j < kPerThread; ++j) {
    const int d = threadIdx.x + j * kThreads;
    out[d] = (v[j] - mean) * inverse * g[j] + s[j];
  }
}

}  // namespace

// Fills every layer's parameters (decode_model::parameter) on the first launch only:
// `initialized` is 0 until mark_initialized runs after it.
extern "C" __global__ void init_parameters(float* parameters, const int* initialized, long long count) {
  if (*initialized != 0) return;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count; i += step) {
    parameters[i] = layer_parameter(i);
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

// x[b] += residual_bias, then h[b] = layernorm(x[b]): the residual stream takes the bias of
// the GEMM that last added into it, then is normalised for the next one. Grid: one block
// of 256 threads per token; d_model must be decode_model::kModel.
extern "C" __global__ void add_bias_layer_norm(float* x, const float* residual_bias, const float* gain,
                                               const float* bias, float* h, int d_model) {
  normalize(x + blockIdx.x * d_model, residual_bias, gain, bias, h + blockIdx.x * d_model);
}

// Attention for one head of one token, with the KV append before it: the head's slice of
// qkv[b] (from the QKV GEMM) plus its bias gives the query, and the key and the value,
// which go into row `pos` of token b's caches ([token][position][d_model]); then
// out[b][head] = softmax(q . k[t] / sqrt(head_dim), t = 0..pos) weighted sum of v[t].
// Grid: (heads, tokens) of 256 threads; head_dim must be 64; dynamic shared memory: one float
// per cache position.
extern "C" __global__ void attention(const float* qkv, const float* bias, float* k_cache, float* v_cache, float* out,
                                     const int* pos_dev, int positions, int d_model, int head_dim) {
  extern __shared__ float scores[];
  __shared__ float query[64];
  __shared__ float partial[kWarps * decode_model::kHeadDim];
  const int head = blockIdx.x;
  const int b = blockIdx.y;
  const int pos = *pos_dev;
  float* keys = k_cache + static_cast<long long>(b) * positions * d_model + head * head_dim;
  float* values = v_cache + static_cast<long long>(b) * positions * d_model + head * head_dim;
  const float* slice = qkv + b * 3 * d_model + head * head_dim;
  const float* slice_bias = bias + head * head_dim;
  if (threadIdx.x < head_dim) {
    const int i = threadIdx.x;
    query[i] = slice[i] + slice_bias[i];
    keys[static_cast<long long>(pos) * d_model + i] = slice[d_model + i] + slice_bias[d_model + i];
    values[static_cast<long long>(pos) * d_model + i] = slice[2 * d_model + i] + slice_bias[2 * d_model + i];
  }
  __syncthreads();  // the query, and this position's key and value, for the whole block
  const float attended = attend_head(query, keys, values, pos + 1, d_model, scores, partial);
  if (threadIdx.x < head_dim) out[b * d_model + head * head_dim + threadIdx.x] = attended;
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

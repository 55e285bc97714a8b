// Kernels of moe_router.graph, for NVRTC (the runtime path) and nvcc (the generated path).
// The inputs are multiples of 1/4 in [-1, 1], so every gate logit and expert output is
// exact in f32 and the CPU reference (reference.cpp) routes every token alike.

namespace {

// The value at `index` of the fixed-seed input `stream`: a multiple of 1/4 in [-1, 1].
__device__ float quarter(unsigned stream, unsigned index) {
  unsigned h = index * 2654435761u + stream * 40503u + 12345u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return static_cast<float>(static_cast<int>(h % 9u) - 4) * 0.25f;
}

// Where `expert`'s `first` and `count` are in its parameters: after four pointers.
constexpr size_t kFirstOffset = 4 * sizeof(void*);
constexpr size_t kCountOffset = kFirstOffset + sizeof(int);

}  // namespace

/// The tokens x [tokens][d], the gate gate [experts][d] and the experts' weights w
/// [experts][d][d], from fixed-seed streams 1, 2 and 3.
extern "C" __global__ void init_inputs(float* x, float* gate, float* w, int tokens, int experts, int d) {
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < static_cast<unsigned>(tokens * d); i += stride)
    x[i] = quarter(1, i);
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < static_cast<unsigned>(experts * d); i += stride)
    gate[i] = quarter(2, i);
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < static_cast<unsigned>(experts * d * d); i += stride)
    w[i] = quarter(3, i);
}

/// The gate, a warp per token: choice[t] is the expert of token t's largest gate logit
/// (x[t] . gate[e], the lowest e on a tie).
extern "C" __global__ void choose(const float* x, const float* gate, int* choice, int tokens, int d) {
  constexpr int kExperts = 4;
  const int t = static_cast<int>((blockIdx.x * blockDim.x + threadIdx.x) / 32);
  const int lane = static_cast<int>(threadIdx.x % 32);
  if (t >= tokens) return;
  int best = 0;
  float best_logit = 0.0f;
  for (int e = 0; e < kExperts; ++e) {
    float logit = 0.0f;
    for (int i = lane; i < d; i += 32) logit = __fadd_rn(logit, __fmul_rn(x[t * d + i], gate[e * d + i]));
    for (int offset = 16; offset > 0; offset /= 2)
      logit = __fadd_rn(logit, __shfl_xor_sync(0xffffffffu, logit, offset));
    if (e == 0 || logit > best_logit) {
      best = e;
      best_logit = logit;
    }
  }
  if (lane == 0) choice[t] = best;
}

/// The router, one block: `order` lists the tokens expert by expert (choice[t] is token t's)
/// and `counts` holds each expert's count. Then, where handles are given, it updates each
/// expert node from the device: its `first` and `count` arguments, a grid of ceil(count /
/// tokens_per_block) blocks, and enabled only when it has tokens. With null handles (a
/// host that updates the experts itself) it writes `order` and `counts` alone.
extern "C" __global__ void route(const int* choice, int* order, int* counts, cudaGraphDeviceNode_t e0,
                                 cudaGraphDeviceNode_t e1, cudaGraphDeviceNode_t e2, cudaGraphDeviceNode_t e3,
                                 int tokens, int tokens_per_block) {
  constexpr int kExperts = 4;
  __shared__ int count[kExperts];
  __shared__ int cursor[kExperts];
  if (threadIdx.x < kExperts) count[threadIdx.x] = 0;
  __syncthreads();
  for (int t = static_cast<int>(threadIdx.x); t < tokens; t += static_cast<int>(blockDim.x))
    atomicAdd(&count[choice[t]], 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    int first = 0;
    for (int e = 0; e < kExperts; ++e) {
      cursor[e] = first;
      counts[e] = count[e];
      first += count[e];
    }
  }
  __syncthreads();
  for (int t = static_cast<int>(threadIdx.x); t < tokens; t += static_cast<int>(blockDim.x))
    order[atomicAdd(&cursor[choice[t]], 1)] = t;
  __syncthreads();
  if (threadIdx.x != 0 || e0 == nullptr) return;
  const cudaGraphDeviceNode_t experts[kExperts] = {e0, e1, e2, e3};
  int first = 0;
  for (int e = 0; e < kExperts; ++e) {
    const int c = count[e];
    if (c > 0) {
      cudaGraphKernelNodeSetParam(experts[e], kFirstOffset, &first, sizeof(first));
      cudaGraphKernelNodeSetParam(experts[e], kCountOffset, &c, sizeof(c));
      cudaGraphKernelNodeSetGridDim(experts[e], dim3((c + tokens_per_block - 1) / tokens_per_block));
    }
    cudaGraphKernelNodeSetEnabled(experts[e], c > 0);
    first += c;
  }
}

/// One expert, a block per `blockDim.y` tokens of its list: y[t] = relu(x[t] w) for the
/// tokens order[first .. first + count), one output feature per thread (blockDim.x = d).
extern "C" __global__ void expert(const float* x, const float* w, const int* order, float* y, int first, int count,
                                  int d) {
  const int k = static_cast<int>(blockIdx.x * blockDim.y + threadIdx.y);
  if (k >= count) return;
  const int t = order[first + k];
  const int j = static_cast<int>(threadIdx.x);
  float sum = 0.0f;
  for (int i = 0; i < d; ++i) sum = __fadd_rn(sum, __fmul_rn(x[t * d + i], w[i * d + j]));
  y[t * d + j] = sum > 0.0f ? sum : 0.0f;
}

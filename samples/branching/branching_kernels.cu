// Kernels of the branching sample. Compiled by NVRTC when the graph is loaded at run time
// (graphc run, graphc::Program::load) and by nvcc through the generated C++, which
// #includes this file: so no includes, CUDA built-ins only (cudaGraphSetConditional and
// cudaGraphConditionalHandle come from cuda_device_runtime_api.h, which both compilers
// provide). The arithmetic uses the explicitly rounded intrinsics, so both builds compute
// the same bits as the CPU reference (reference.cpp).
//
// Two kinds of kernel: elementwise transformations of v (one thread per element), the
// work of the branches; and decisions (one block of br_block threads), which compute a
// statistic of v, set a conditional node's handle from it and record the value in the
// trace buffer, so the host can see which branches ran.

/// Threads of the one block each decision kernel runs: const BLOCK of branching.graph, a
/// power of two.
constexpr int br_block = 256;

/// min, max and sum of v[0 .. n) (n >= 1), for one block of br_block threads; every thread
/// gets the results. The sum is in double: exact for the values this sample makes
/// (integers and their halves below 2^24), so the CPU may add in any order.
static __device__ void br_stats(const float* v, int n, float& lo, float& hi, double& sum) {
  __shared__ float mins[br_block];
  __shared__ float maxs[br_block];
  __shared__ double sums[br_block];
  const int t = static_cast<int>(threadIdx.x);
  float my_lo = v[0];
  float my_hi = v[0];
  double my_sum = 0.0;
  for (int i = t; i < n; i += br_block) {
    my_lo = v[i] < my_lo ? v[i] : my_lo;
    my_hi = v[i] > my_hi ? v[i] : my_hi;
    my_sum = __dadd_rn(my_sum, static_cast<double>(v[i]));
  }
  mins[t] = my_lo;
  maxs[t] = my_hi;
  sums[t] = my_sum;
  __syncthreads();
  for (int stride = br_block / 2; stride > 0; stride /= 2) {
    if (t < stride) {
      mins[t] = mins[t + stride] < mins[t] ? mins[t + stride] : mins[t];
      maxs[t] = maxs[t + stride] > maxs[t] ? maxs[t + stride] : maxs[t];
      sums[t] = __dadd_rn(sums[t], sums[t + stride]);
    }
    __syncthreads();
  }
  lo = mins[0];
  hi = maxs[0];
  sum = sums[0];
}

/// Thread 0 sets `handle` to `value` and records it in *record.
static __device__ void br_decide(cudaGraphConditionalHandle handle, unsigned int value, float* record) {
  if (threadIdx.x != 0) return;
  cudaGraphSetConditional(handle, value);
  *record = static_cast<float>(value);
}

// ---- decisions: <<<1, br_block>>> -------------------------------------------------------

/// IF: handle = 1 when some v[i] < limit.
extern "C" __global__ void set_if_min_below(const float* v, int n, float limit, cudaGraphConditionalHandle handle,
                                            float* record) {
  float lo, hi;
  double sum;
  br_stats(v, n, lo, hi, sum);
  br_decide(handle, lo < limit ? 1u : 0u, record);
}

/// IF/ELSE: handle = 1 (then) when the mean of v is above limit, else 0 (else).
extern "C" __global__ void set_if_mean_above(const float* v, int n, double limit, cudaGraphConditionalHandle handle,
                                             float* record) {
  float lo, hi;
  double sum;
  br_stats(v, n, lo, hi, sum);
  br_decide(handle, __ddiv_rn(sum, static_cast<double>(n)) > limit ? 1u : 0u, record);
}

/// SWITCH: handle = the bucket of max(v), max / width rounded down, clamped to
/// [0, cases - 1].
extern "C" __global__ void set_bucket_of_max(const float* v, int n, float width, int cases,
                                             cudaGraphConditionalHandle handle, float* record) {
  float lo, hi;
  double sum;
  br_stats(v, n, lo, hi, sum);
  const float ratio = __fdiv_rn(hi, width);
  const unsigned int last = static_cast<unsigned int>(cases - 1);
  const unsigned int bucket = !(ratio >= 1.0f)                    ? 0u
                              : ratio >= static_cast<float>(last) ? last
                                                                  : static_cast<unsigned int>(ratio);
  br_decide(handle, bucket, record);
}

/// IF, WHILE: handle = 1 when some v[i] > limit.
extern "C" __global__ void set_if_max_above(const float* v, int n, float limit, cudaGraphConditionalHandle handle,
                                            float* record) {
  float lo, hi;
  double sum;
  br_stats(v, n, lo, hi, sum);
  br_decide(handle, hi > limit ? 1u : 0u, record);
}

// ---- the branches' work: one thread per element -----------------------------------------

/// v[i] = v[i] + a.
extern "C" __global__ void add_constant(float* v, float a, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) v[i] = __fadd_rn(v[i], a);
}

/// v[i] = v[i] * a.
extern "C" __global__ void multiply_by(float* v, float a, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) v[i] = __fmul_rn(v[i], a);
}

/// v[i] = max(v[i], lo).
extern "C" __global__ void clamp_below(float* v, float lo, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n && v[i] < lo) v[i] = lo;
}

/// v reversed in place: thread i < n / 2 swaps v[i] and v[n - 1 - i].
extern "C" __global__ void reverse_order(float* v, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n / 2) return;
  const float front = v[i];
  v[i] = v[n - 1 - i];
  v[n - 1 - i] = front;
}

/// v[i] = v[i] * v[i].
extern "C" __global__ void square_each(float* v, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) v[i] = __fmul_rn(v[i], v[i]);
}

#include "capture_kernels.h"

namespace graphc::test {
namespace {

__global__ void axpb(float* x, int n, float a, float b) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = a * x[i] + b;
}

constexpr int kBlock = 256;

int blocks(int n) { return (n + kBlock - 1) / kBlock; }

}  // namespace

void launch_axpb(cudaStream_t stream, float* x, int n, float a, float b) {
  axpb<<<blocks(n), kBlock, 0, stream>>>(x, n, a, b);
}

void launch_axpb_forked(cudaStream_t stream, cudaStream_t side, cudaEvent_t fork, cudaEvent_t join, float* x, int n,
                        float a, float b) {
  const int half = n / 2;
  cudaEventRecord(fork, stream);
  cudaStreamWaitEvent(side, fork, 0);
  axpb<<<blocks(half), kBlock, 0, stream>>>(x, half, a, b);
  axpb<<<blocks(n - half), kBlock, 0, side>>>(x + half, n - half, a, b);
  cudaEventRecord(join, side);
  cudaStreamWaitEvent(stream, join, 0);
}

void launch_axpb_times(cudaStream_t stream, float* x, int n, float a, float b, int times) {
  for (int t = 0; t < times; ++t) axpb<<<blocks(n), kBlock, 0, stream>>>(x, n, a, b);
}

}  // namespace graphc::test

// Kernels of the launch attribute GPU tests (attributes.graph): one that reports the
// cluster it was launched in (thread block clusters, sm_90), and one that needs a
// cooperative launch (a grid-wide sync). Compiled by NVRTC and by nvcc.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

/// shape[b] = the number of blocks in block b's cluster (1 without a cluster launch).
extern "C" __global__ void cluster_shape(unsigned* shape) {
  const cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x == 0) shape[blockIdx.x] = cluster.num_blocks();
}

/// total[0] = the sum of x[0..n): each block sums its 256 elements into partial[block],
/// the whole grid syncs (cg::this_grid().sync(), valid only in a cooperative launch), then
/// block 0 adds the partial sums. Launched with 256 threads per block and n = blocks * 256.
extern "C" __global__ void grid_sum(const float* x, float* partial, float* total, int n) {
  __shared__ float sums[256];
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  sums[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
  cg::this_grid().sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    float sum = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];
    total[0] = sum;
  }
}

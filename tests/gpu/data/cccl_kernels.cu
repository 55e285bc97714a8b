// Kernels written with CUDA's own headers, which CUDA 13 keeps in <cuda>/include/cccl:
// cooperative groups (tiled_partition, reduce), cub::BlockReduce, and libcu++'s
// cuda::atomic_ref and cuda::std. NVRTC (the runtime path) must see what nvcc (the
// generated path) sees for both to compile them.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/block/block_reduce.cuh>
#include <cuda/atomic>
#include <cuda/std/cstdint>

namespace cg = cooperative_groups;

/// out[t] = the sum of x over tile t of 32 threads (cg::reduce over cg::tiled_partition<32>).
extern "C" __global__ void tile_sums(const float* x, float* out, int n) {
  const cg::thread_block block = cg::this_thread_block();
  const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const float sum = cg::reduce(tile, i < n ? x[i] : 0.0f, cg::plus<float>());
  if (tile.thread_rank() == 0 && i < n) out[i / 32] = sum;
}

/// out[b] = the sum of x over block b of 256 threads (cub::BlockReduce).
extern "C" __global__ void block_sums(const float* x, float* out, int n) {
  using Reduce = cub::BlockReduce<float, 256>;
  __shared__ typename Reduce::TempStorage temp;
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const float sum = Reduce(temp).Sum(i < n ? x[i] : 0.0f);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

/// count[0] += the number of x above `threshold` (cuda::atomic_ref, device scope).
extern "C" __global__ void count_above(const float* x, cuda::std::uint32_t* count, float threshold, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n || !(x[i] > threshold)) return;
  cuda::atomic_ref<cuda::std::uint32_t, cuda::thread_scope_device> counter(count[0]);
  counter.fetch_add(1u, cuda::std::memory_order_relaxed);
}

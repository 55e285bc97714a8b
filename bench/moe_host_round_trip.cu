#include "moe_host_round_trip.h"

#include "graphc/check_cuda.h"
#include "moe_router/moe_router_kernels.cu"

namespace graphc::bench {

void moe_host_step(const MoeBuffers& b, int tokens, int d, int tokens_per_block, cudaStream_t stream) {
  constexpr int kExperts = 4;
  init_inputs<<<256, 256, 0, stream>>>(b.x, b.gate, b.w, tokens, kExperts, d);
  choose<<<(tokens * 32 + 255) / 256, 256, 0, stream>>>(b.x, b.gate, b.choice, tokens, d);
  route<<<1, 1024, 0, stream>>>(b.choice, b.order, b.counts, nullptr, nullptr, nullptr, nullptr, tokens,
                                tokens_per_block);
  check_cuda(cudaMemcpyAsync(b.h_counts, b.counts, kExperts * sizeof(int), cudaMemcpyDeviceToHost, stream),
             "cudaMemcpyAsync (counts)");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize (the host reads the counts)");
  int first = 0;
  for (int e = 0; e < kExperts; ++e) {
    const int count = b.h_counts[e];
    if (count > 0) {
      const dim3 grid((count + tokens_per_block - 1) / tokens_per_block);
      expert<<<grid, dim3(d, tokens_per_block), 0, stream>>>(b.x, b.w + e * d * d, b.order, b.y, first, count, d);
    }
    first += count;
  }
  check_cuda(cudaGetLastError(), "an expert launch");
  check_cuda(cudaMemcpyAsync(b.h_y, b.y, sizeof(float) * tokens * d, cudaMemcpyDeviceToHost, stream),
             "cudaMemcpyAsync (y)");
  check_cuda(cudaMemcpyAsync(b.h_counts, b.counts, kExperts * sizeof(int), cudaMemcpyDeviceToHost, stream),
             "cudaMemcpyAsync (counts)");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

}  // namespace graphc::bench

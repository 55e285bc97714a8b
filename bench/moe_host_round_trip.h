// samples/moe_router's step with the experts sized by the host: the same kernels (the
// sample's moe_router_kernels.cu), the router's counts copied to the host and waited for
// before each expert is launched on a stream with the grid its tokens need. What a program
// without device graph updates does; bench_device_updates' baseline.
#pragma once

#include <cuda_runtime_api.h>

namespace graphc::bench {

/// The buffers of one step, in device memory but h_y and h_counts (pinned host memory).
struct MoeBuffers {
  float* x = nullptr;       // [tokens][d]
  float* gate = nullptr;    // [experts][d]
  float* w = nullptr;       // [experts][d][d]
  int* choice = nullptr;    // [tokens]
  int* order = nullptr;     // [tokens]
  int* counts = nullptr;    // [experts]
  float* y = nullptr;       // [tokens][d]
  float* h_y = nullptr;     // [tokens][d], pinned
  int* h_counts = nullptr;  // [experts], pinned
};

/// One step on `stream`, as moe_router.graph's launch does (init, gating, route, the experts with
/// their tokens, h_y and h_counts downloaded), synchronized: the router's counts reach the
/// host before the experts are launched. Throws graphc::Error R0001 naming the CUDA call that failed.
void moe_host_step(const MoeBuffers& b, int tokens, int d, int tokens_per_block, cudaStream_t stream);

}  // namespace graphc::bench

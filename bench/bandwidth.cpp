#include "bandwidth.h"

#include <cstddef>
#include <vector>

#include "graphc/generated_support.h"
#include "timing.h"

namespace graphc::bench {

double copy_bandwidth(cudaStream_t stream) {
  const std::size_t bytes = std::size_t{1} << 30;
  void* a = nullptr;
  void* b = nullptr;
  check_cuda(cudaMalloc(&a, bytes), "cudaMalloc");
  check_cuda(cudaMalloc(&b, bytes), "cudaMalloc");
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> seconds;
  for (int i = 0; i < 5; ++i) {
    check_cuda(cudaEventRecord(start, stream), "cudaEventRecord");
    check_cuda(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, stream), "cudaMemcpyAsync");
    check_cuda(cudaEventRecord(stop, stream), "cudaEventRecord");
    check_cuda(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    seconds.push_back(ms / 1e3);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(a);
  cudaFree(b);
  return 2.0 * static_cast<double>(bytes) / median(seconds);
}

}  // namespace graphc::bench

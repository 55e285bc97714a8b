#include "launch_timing.h"

#include "graphc/generated_support.h"
#include "timing.h"

namespace graphc::bench {

LaunchTimes time_launches(cudaGraphExec_t exec, cudaStream_t stream, int count) {
  LaunchTimes t;
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  for (int i = 0; i < 3; ++i) check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch (warm-up)");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  check_cuda(cudaEventRecord(start, stream), "cudaEventRecord");
  const Clock::time_point cpu_start = Clock::now();
  for (int i = 0; i < count; ++i) check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
  t.launch_cpu_us = us_since(cpu_start) / count;
  check_cuda(cudaEventRecord(stop, stream), "cudaEventRecord");
  check_cuda(cudaEventSynchronize(stop), "cudaEventSynchronize");
  float ms = 0;
  check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
  t.device_us = ms * 1000.0 / count;
  check_cuda(cudaEventDestroy(start), "cudaEventDestroy");
  check_cuda(cudaEventDestroy(stop), "cudaEventDestroy");
  return t;
}

}  // namespace graphc::bench

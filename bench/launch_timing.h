// Timing repeated launches of one graph exec: what bench_graphs and bench_order measure.
#pragma once

#include <cuda_runtime_api.h>

namespace graphc::bench {

struct LaunchTimes {
  double launch_cpu_us = 0;  // cudaGraphLaunch call, per launch, back to back
  double device_us = 0;      // device time per launch (events around back-to-back launches)
};

/// Launches `exec` three times to warm up, then `count` times back to back on `stream`:
/// the CPU time per cudaGraphLaunch call and the device time per launch between two events.
/// CUDA failures throw graphc::Error (check_cuda).
LaunchTimes time_launches(cudaGraphExec_t exec, cudaStream_t stream, int count);

}  // namespace graphc::bench

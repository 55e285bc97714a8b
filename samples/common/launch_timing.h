// Device time of repeated graph launches, measured with CUDA events (for the samples that
// compare two graphs in one run).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace graphc::samples {

struct LaunchTiming {
  double median_us = 0.0;  // of the timed launches, each between two events
  double mean_us = 0.0;
  std::size_t launches = 0;
  std::size_t warmup = 0;
};

/// Launches `exec` on `stream` `warmup` times, then `launches` times, each timed launch
/// between two cudaEventRecord calls on the stream; waits for the stream and returns the
/// median and mean of cudaEventElapsedTime. Throws graphc::Error for a failed CUDA call.
LaunchTiming time_launches(cudaGraphExec_t exec, cudaStream_t stream, std::size_t warmup = 10,
                           std::size_t launches = 100);

/// One line comparing two graphs timed alike: "<label>: device time per launch, median of
/// N launches after W warm-up: <a_name> 21.4 us (mean 21.9), <b_name> 29.7 us (mean 30.1);
/// <a_name> / <b_name> = 0.72" (the ratio of the medians), with a newline.
std::string compare_timings(std::string_view label, std::string_view a_name, const LaunchTiming& a,
                            std::string_view b_name, const LaunchTiming& b);

}  // namespace graphc::samples

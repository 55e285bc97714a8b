#include "launch_timing.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include <fmt/format.h>

#include "graphc/generated_support.h"

namespace graphc::samples {
namespace {

// An event that records time (cudaEventCreate), owned.
EventHandle timing_event() {
  cudaEvent_t event = nullptr;
  check_cuda(cudaEventCreate(&event), "cudaEventCreate");
  return EventHandle(event);
}

}  // namespace

LaunchTiming time_launches(cudaGraphExec_t exec, cudaStream_t stream, std::size_t warmup, std::size_t launches) {
  for (std::size_t i = 0; i < warmup; ++i) check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch (warm-up)");
  std::vector<EventHandle> starts;
  std::vector<EventHandle> stops;
  for (std::size_t i = 0; i < launches; ++i) {
    starts.push_back(timing_event());
    stops.push_back(timing_event());
  }
  for (std::size_t i = 0; i < launches; ++i) {
    check_cuda(cudaEventRecord(starts[i].get(), stream), "cudaEventRecord");
    check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
    check_cuda(cudaEventRecord(stops[i].get(), stream), "cudaEventRecord");
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  std::vector<double> us(launches);
  for (std::size_t i = 0; i < launches; ++i) {
    float ms = 0.0f;
    check_cuda(cudaEventElapsedTime(&ms, starts[i].get(), stops[i].get()), "cudaEventElapsedTime");
    us[i] = 1000.0 * static_cast<double>(ms);
  }
  LaunchTiming timing;
  timing.launches = launches;
  timing.warmup = warmup;
  if (launches == 0) return timing;
  timing.mean_us = std::accumulate(us.begin(), us.end(), 0.0) / static_cast<double>(launches);
  std::sort(us.begin(), us.end());
  timing.median_us = launches % 2 == 1 ? us[launches / 2] : (us[launches / 2 - 1] + us[launches / 2]) / 2.0;
  return timing;
}

std::string compare_timings(std::string_view label, std::string_view a_name, const LaunchTiming& a,
                            std::string_view b_name, const LaunchTiming& b) {
  return fmt::format(
      "{}: device time per launch, median of {} launches after {} warm-up: {} {:.1f} us (mean {:.1f}), {} {:.1f} us "
      "(mean {:.1f}); {} / {} = {:.2f}\n",
      label, a.launches, a.warmup, a_name, a.median_us, a.mean_us, b_name, b.median_us, b.mean_us, a_name, b_name,
      b.median_us > 0.0 ? a.median_us / b.median_us : 0.0);
}

}  // namespace graphc::samples

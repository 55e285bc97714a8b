// Timing helpers of the benchmarks: wall-clock microseconds and medians.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace graphc::bench {

using Clock = std::chrono::steady_clock;

inline double us_since(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

/// The median of `values` (the upper one of an even count); 0 for none.
inline double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2), values.end());
  return values[values.size() / 2];
}

/// The median of `repeats` runs of `run`, each returning its own figure.
template <class Run>
double median_of(int repeats, Run run) {
  std::vector<double> values;
  for (int i = 0; i < repeats; ++i) values.push_back(run());
  return median(values);
}

}  // namespace graphc::bench

#include "compare.h"

#include <cmath>

namespace graphc::samples {

Comparison compare(std::span<const float> got, std::span<const float> want) {
  Comparison result;
  result.same_size = got.size() == want.size();
  if (!result.same_size) return result;
  double diff_squared = 0.0;
  double want_squared = 0.0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double diff = static_cast<double>(got[i]) - static_cast<double>(want[i]);
    diff_squared += diff * diff;
    want_squared += static_cast<double>(want[i]) * static_cast<double>(want[i]);
    // A NaN difference sticks: no later comparison with NaN is true.
    if (std::isnan(diff) || std::fabs(diff) > result.max_abs_err) result.max_abs_err = std::fabs(diff);
  }
  result.count = got.size();
  result.rel_err = want_squared > 0.0 ? std::sqrt(diff_squared / want_squared) : std::sqrt(diff_squared);
  return result;
}

}  // namespace graphc::samples

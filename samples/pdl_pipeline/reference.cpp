#include "reference.h"

namespace graphc::samples::pdl_pipeline {

std::vector<float> reference() {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);  // src = iota(0)
  for (const auto& [a, b] : stages) {
    for (float& x : v) x = a * x + b;  // one kernel; compiled with -ffp-contract=off
  }
  return v;
}

}  // namespace graphc::samples::pdl_pipeline

#include "reference.h"

namespace graphc::samples::device_launch {

std::vector<float> reference() {
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i);  // iota(0)
  for (int step = 0; step < steps; ++step) {
    for (float& v : x) v = v * 0.5f + 1.0f;  // relax; built with -ffp-contract=off, like the kernel
  }
  return x;
}

}  // namespace graphc::samples::device_launch

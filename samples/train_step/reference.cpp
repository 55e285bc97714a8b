#include "reference.h"

namespace graphc::samples::train_step {

std::vector<float> reference(float scale) {
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);  // iota(0)
    const float forward = x[i] * scale + 1.0f;
    x[i] = forward / scale;
  }
  return x;
}

}  // namespace graphc::samples::train_step

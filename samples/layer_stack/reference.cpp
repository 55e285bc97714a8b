#include "reference.h"

#include <algorithm>

namespace graphc::samples::layer_stack {

std::vector<float> reference(float alpha) {
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 97) * 0.03125f - 1.0f;  // init_input
  for (std::size_t k = 0; k < 4; ++k) {
    const float a = k == 2 ? 0.25f : alpha;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t j = k * n + i;
      const float w = static_cast<float>((7 * j) % 13) * 0.0625f - 0.25f;  // init_weights
      const float hidden = std::max(w * x[i] + -0.125f, 0.0f);             // relu_mix
      x[i] = x[i] + a * hidden;                                            // residual_add
    }
  }
  return x;
}

}  // namespace graphc::samples::layer_stack

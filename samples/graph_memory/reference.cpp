#include "reference.h"

namespace graphc::samples::graph_memory {

std::vector<float> reference() {
  std::vector<float> scratch(n + 1);
  for (std::size_t i = 0; i < n; ++i) {
    const float x = static_cast<float>(i);  // iota(0), uploaded
    scratch[i] = (x * x) * 0x1p-20f;        // pass1
  }
  scratch[n] = 0.0f;  // edge
  std::vector<float> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = scratch[i] + scratch[i + 1];  // pass2
  return out;
}

}  // namespace graphc::samples::graph_memory

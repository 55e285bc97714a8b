#include "reference.h"

namespace graphc::samples::diamond {
namespace {

void affine(float* x, float a, float b, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) x[i] = a * x[i] + b;
}

}  // namespace

std::vector<float> reference() {
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i);  // iota(0), uploaded
  affine(x.data(), 2.0f, 1.0f, h);                                   // left
  affine(x.data() + h, 0.5f, -3.0f, h);                              // right
  std::vector<float> out(h);
  for (std::size_t i = 0; i < h; ++i) out[i] = x[i] + x[h + i];  // combine
  return out;
}

}  // namespace graphc::samples::diamond

#include "reference.h"

#include <utility>

namespace graphc::samples::heat2d {
namespace {

constexpr std::size_t cells = static_cast<std::size_t>(n) * n;

/// heat_step on the CPU.
void step(std::vector<float>& out, const std::vector<float>& in, float alpha) {
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const int i = row * n + col;
      const float center = in[i];
      if (row == 0 || col == 0 || row == n - 1 || col == n - 1) {
        out[i] = center;
        continue;
      }
      const float vertical = in[i - n] + in[i + n];
      const float horizontal = in[i - 1] + in[i + 1];
      const float laplacian = (vertical + horizontal) + -4.0f * center;
      out[i] = center + alpha * laplacian;
    }
  }
}

}  // namespace

std::vector<float> reference(float alpha) {
  std::vector<float> u0(cells, ambient);  // upload of h_in = fill(0.25f)
  for (int row = lo; row < hi; ++row) {   // hot_spot
    for (int col = lo; col < hi; ++col) u0[row * n + col] = hot;
  }
  std::vector<float> u1(cells);
  for (int k = 0; k < steps; ++k) {  // step k reads u0 and writes u1, then they swap roles
    step(u1, u0, alpha);
    std::swap(u0, u1);
  }
  return u0;  // downloaded into h_out
}

}  // namespace graphc::samples::heat2d

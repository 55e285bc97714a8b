// The CPU reference of data/variants.graph (variant B in {1, 2, 4, 8}: launch of variant B
// scales the first B rows of x = iota(0) into y = fill(-1)), shared by the runtime's test
// (variants_test.cpp) and the generated code's (generated_variants_test.cpp).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::test {

inline constexpr std::size_t kN = 256;      // floats a row
inline constexpr std::size_t kLargest = 8;  // rows of the largest variant

/// y after launches that scaled the first rows[k] rows by scales[k], in turn, from fill(-1).
inline std::vector<float> expected_y(const std::vector<std::size_t>& rows, const std::vector<float>& scales) {
  std::vector<float> y(kLargest * kN, -1.0f);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    for (std::size_t i = 0; i < rows[k] * kN; ++i) y[i] = static_cast<float>(i) * scales[k];
  }
  return y;
}

}  // namespace graphc::test

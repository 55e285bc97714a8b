// The CPU reference of diamond.graph (plain C++, shared by the generated-path and the
// runtime-path programs).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::diamond {

inline constexpr std::size_t n = 1048576;  // const N
inline constexpr std::size_t h = n / 2;    // const H

/// h_out after one launch: x = iota(0); the first half x = 2 x + 1 (node left), the second
/// half x = 0.5 x - 3 (node right); out[i] = x[i] + x[h + i] (node combine).
std::vector<float> reference();

}  // namespace graphc::samples::diamond

// The CPU reference of graph_memory.graph (plain C++, shared by the generated-path and the
// runtime-path programs).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::graph_memory {

inline constexpr std::size_t n = 1048576;  // const N

/// h_out after one launch: x = iota(0); scratch[i] = x[i] * x[i] * 2^-20 (node pass1),
/// scratch[n] = 0 (node edge); out[i] = scratch[i] + scratch[i + 1] (node pass2).
std::vector<float> reference();

}  // namespace graphc::samples::graph_memory

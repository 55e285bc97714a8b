// The CPU reference of layer_stack.graph (plain C++, shared by the generated-path and the
// runtime-path programs).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::layer_stack {

inline constexpr std::size_t n = 65536;  // const N

/// h_out after one launch with param alpha = `alpha`: x = init_input; then for layer k = 0..3
/// (weights w_k[i] = w[k * n + i], init_weights), hidden = max(w_k * x - 1/8, 0) and
/// x = x + a_k * hidden, with a_2 = 0.25 and a_k = alpha otherwise.
std::vector<float> reference(float alpha);

}  // namespace graphc::samples::layer_stack

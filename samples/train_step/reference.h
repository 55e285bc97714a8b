// The CPU reference of train_step.graph (plain C++, shared by the generated-path and the
// runtime-path programs).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::train_step {

inline constexpr std::size_t n = 1048576;     // const N
inline constexpr float default_scale = 2.0f;  // param scale's default

/// h_data after one launch with `scale`: h_data starts as iota(0), then forward
/// (x * scale + 1) and backward (x / scale), each rounded to float as the kernels do.
std::vector<float> reference(float scale);

}  // namespace graphc::samples::train_step

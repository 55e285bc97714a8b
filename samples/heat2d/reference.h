// The CPU reference of heat2d.graph (plain C++, shared by the generated-path and the
// runtime-path programs).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::heat2d {

inline constexpr int n = 1024;                  // const N: the grid is n x n
inline constexpr int lo = n / 2 - 16;           // const LO
inline constexpr int hi = n / 2 + 16;           // const HI
inline constexpr int steps = 200;               // stencil nodes step_0 ... step_199
inline constexpr float ambient = 0.25f;         // h_in = fill(0.25f)
inline constexpr float hot = 1.0f;              // node hot_spot's value
inline constexpr float default_alpha = 0.125f;  // param alpha's default

/// h_out after one launch with `alpha`: ambient everywhere, the hot square, then `steps`
/// explicit steps (the same float operations, in the same order, as heat_step).
std::vector<float> reference(float alpha);

}  // namespace graphc::samples::heat2d

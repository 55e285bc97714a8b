// The CPU reference of pdl_pipeline.graph (plain C++, shared by the generated-path and
// the runtime-path programs). Both graphs, pdl and plain, compute the same out.
#pragma once

#include <array>
#include <cstddef>
#include <utility>
#include <vector>

namespace graphc::samples::pdl_pipeline {

inline constexpr std::size_t n = 1048576;  // const N

/// The (a, b) of kernels s1 ... s8: each computes out[i] = a * in[i] + b.
inline constexpr std::array<std::pair<float, float>, 8> stages = {{{0.5f, 1.0f},
                                                                   {1.5f, -2.0f},
                                                                   {0.75f, 3.0f},
                                                                   {1.25f, -1.0f},
                                                                   {0.5f, 2.0f},
                                                                   {2.0f, -3.0f},
                                                                   {0.25f, 1.0f},
                                                                   {1.5f, 0.5f}}};

/// out after one launch: src = iota(0) through the eight steps.
std::vector<float> reference();

}  // namespace graphc::samples::pdl_pipeline

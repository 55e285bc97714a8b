// The CPU reference of device_launch.graph (plain C++, shared by the generated-path and
// the runtime-path programs).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::device_launch {

inline constexpr std::size_t n = 1048576;  // const N
inline constexpr int steps = 16;           // const STEPS: the runs one host launch makes

/// h_out after one host launch: x = iota(0), then `steps` times x = x / 2 + 1.
std::vector<float> reference();

}  // namespace graphc::samples::device_launch

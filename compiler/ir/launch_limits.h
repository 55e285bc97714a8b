// CUDA's launch limits for every compute capability graphc targets (cudaDeviceProp's
// maxGridSize, maxThreadsDim and maxThreadsPerBlock): what the validator checks a kernel
// node's grid and block against, and what the generated code checks again when a param
// configures them.
#pragma once

#include <array>
#include <cstdint>

namespace graphc::ir {

/// The axes of a grid or block, in order.
inline constexpr std::array<char, 3> kAxes = {'x', 'y', 'z'};
inline constexpr std::array<std::int64_t, 3> kGridLimits = {2147483647, 65535, 65535};
inline constexpr std::array<std::int64_t, 3> kBlockLimits = {1024, 1024, 64};
inline constexpr std::int64_t kMaxThreadsPerBlock = 1024;

}  // namespace graphc::ir

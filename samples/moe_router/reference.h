// The CPU reference of moe_router.graph (plain C++, shared by the generated-path and the
// runtime-path programs, and by bench_device_updates).
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::moe_router {

inline constexpr int tokens = 4096;  // const T
inline constexpr int d = 128;        // const D
inline constexpr int experts = 4;    // const E

/// The inputs init_inputs writes: tokens x [tokens][d], gate [experts][d], expert weights w
/// [experts][d][d], multiples of 1/4 in [-1, 1] from fixed-seed streams 1, 2 and 3.
struct Inputs {
  std::vector<float> x, gate, w;
};
Inputs inputs();

/// h_y after one launch: each token's row relu(x[t] w[e]) for the expert e of its largest
/// gate logit (the lowest e on a tie).
std::vector<float> reference();

/// h_counts after one launch: the tokens each expert gets, as floats.
std::vector<float> counts_reference();

}  // namespace graphc::samples::moe_router

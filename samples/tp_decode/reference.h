// The CPU reference of tp_decode.graph, in double (plain C++, shared by the generated-path
// and the runtime-path programs), on the whole model: no slices, no all-reduce.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "model.h"

namespace graphc::samples::tp_decode {

/// The reduced model the CPU reference checks: batch 2, model dimension 256, 4 heads of 64,
/// an MLP of 704, 2 layers, a KV cache of 64 positions; divisible among 1, 2 or 4 ranks.
/// The graph takes it as `-D B=2 -D D=256 -D HEADS=4 -D F=704 -D L=2 -D CACHE=64`
/// (defines(); the generated path's CMake OPTIONS say the same).
inline constexpr tp_model::Shape kReduced{2, 256, 4, 704, 2, 64};
/// The model the graph is written for: batch 1, 4096, 32 heads, 11008, 8 layers, 1024.
inline constexpr tp_model::Shape kFull{1, 4096, 32, 11008, 8, 1024};
inline constexpr int kSteps = 3;  // tokens the programs decode: pos = 0, 1, 2

/// `shape` as the graph's consts, for LoadOptions::defines.
std::map<std::string, std::string, std::less<>> defines(const tp_model::Shape& shape);

/// The residual stream after the final norm's residual add for each of `steps` launches
/// with pos = 0, 1, ..., [step][token][feature]: the model.h parameters whole, every
/// operation in double, rounded to float at the end.
std::vector<float> reference(const tp_model::Shape& shape, int steps);

}  // namespace graphc::samples::tp_decode

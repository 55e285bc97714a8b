// The CPU reference of transformer_decode.graph, in double (plain C++, shared by the
// generated-path and the runtime-path programs).
#pragma once

#include <vector>

namespace graphc::samples::transformer_decode {

inline constexpr int kBatch = 4;  // const B
inline constexpr int kSteps = 4;  // tokens the programs decode: pos = 0, 1, 2, 3

/// The residual stream after the last layer for each of `steps` launches with pos = 0, 1,
/// ..., [step][token][feature]: the same model, parameters (model.h) and embeddings as the
/// graph, every operation in double, rounded to float at the end.
std::vector<float> reference(int steps);

}  // namespace graphc::samples::transformer_decode

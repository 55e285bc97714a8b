// The CPU reference of transformer_decode.graph, in double (plain C++, shared by the
// generated-path and the runtime-path programs).
#pragma once

#include <vector>

namespace graphc::samples::transformer_decode {

inline constexpr int kBatch = 4;  // const B
inline constexpr int kSteps = 4;  // tokens the programs decode: pos = 0, 1, 2, 3

/// The precision of a decoder's data: transformer_decode.graph's f32, or
/// transformer_decode_bf16.graph's bf16 parameters, activations and caches.
enum class Precision { f32, bf16 };

/// The residual stream after the last layer for each of `steps` launches with pos = 0, 1,
/// ..., [step][token][feature]: the same model, parameters (model.h) and embeddings as the
/// graph, every operation in double, rounded to float at the end. For bf16, the parameters
/// and embeddings are rounded to bf16 first, and every value the graph stores in bf16 (the
/// norms' outputs, q, k and v, the attention's output, the residual stream after each add,
/// the MLP's hidden values) is rounded to bf16 where it is stored.
std::vector<float> reference(int steps, Precision precision = Precision::f32);

}  // namespace graphc::samples::transformer_decode

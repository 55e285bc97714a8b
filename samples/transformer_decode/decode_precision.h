// What the sample's programs take from the decoder's precision: f32 (transformer_decode.graph)
// or, built with TRANSFORMER_DECODE_BF16, bf16 (transformer_decode_bf16.graph): the type of
// h_out's elements, its widening to float, the reference's precision, the tolerance and the
// programs' names.
#pragma once

#include <cuda_bf16.h>

#include "reference.h"

namespace graphc::samples::transformer_decode {

#ifdef TRANSFORMER_DECODE_BF16
using Stored = __nv_bfloat16;
inline float widen(Stored v) { return __bfloat162float(v); }
inline constexpr Precision kPrecision = Precision::bf16;
// bf16's rounding (2^-8 of a value), where the device's sums, in another order than the
// CPU's, round a value the other way, and the difference carries through the layers.
inline constexpr double kTolerance = 3e-2;
inline constexpr const char* kGeneratedName = "transformer_decode bf16 (generated)";
inline constexpr const char* kRuntimeName = "transformer_decode bf16 (runtime)";
#else
using Stored = float;
inline float widen(Stored v) { return v; }
inline constexpr Precision kPrecision = Precision::f32;
inline constexpr double kTolerance = 1e-4;
inline constexpr const char* kGeneratedName = "transformer_decode (generated)";
inline constexpr const char* kRuntimeName = "transformer_decode (runtime)";
#endif

}  // namespace graphc::samples::transformer_decode

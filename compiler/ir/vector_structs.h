// CUDA's vector types as the structs an aggregate kernel argument constructs: `float4{x, y,
// z, w}` passes a float4 by value, one value per lane, as `S{...}` passes a declared struct.
#pragma once

#include <string_view>

#include "ir/graph.h"

namespace graphc::ir {

/// The built-in struct of vector type `name` ("float4", "half2", ...): fields x, y, z, w
/// (as many as its lanes) of its component type, laid out as CUDA's vector_types.h lays
/// them out (float4: 16 bytes aligned to 16; float3: 12 bytes aligned to 4). nullptr when
/// `name` is not a vector type. The decl lives as long as the program.
const StructDecl* vector_struct(std::string_view name);

/// Whether `decl` is one of those built-in structs (it has no declaration to point at).
bool is_vector_struct(const StructDecl& decl);

}  // namespace graphc::ir

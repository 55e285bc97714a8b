// How a .cu module's C++ lays out the structs of the graph file, asked of NVRTC with no
// GPU, so that `graphc check` finds a field declared with another type or at another
// offset than the C++ struct's (E0257) before nvcc or the runtime would pass it other bits.
// For each struct whose name occurs in the module (its text or its local headers) and
// each of its fields, a detector template (a partial specialisation that exists where the
// C++ struct has the field) gives the field's type and offsetof, and the name expression
// `&graphc_field_<type, offset>` of a __device__ variable template carries both in its
// lowered (mangled) name, which is demangled here. A struct the module does not declare
// fails the compilation, which is then not read (the generated code's static_asserts and
// the runtime still check it). Cached on disk with the module's other compilations.
// Built only where the CUDA toolkit's NVRTC is (GRAPHC_HAVE_NVRTC).
#pragma once

#include <string>
#include <vector>

#include "ir/graph.h"
#include "ir/kernel_signature.h"
#include "modules/nvrtc_cache.h"

namespace graphc::modules {

/// The structs among `structs` that the .cu module at `path` declares, each field as its
/// C++ declares it; empty where it declares none of them or NVRTC fails.
std::vector<ir::CxxStruct> read_struct_layouts(const std::string& path, const std::vector<ir::StructDecl>& structs,
                                               const NvrtcCache& cache);

}  // namespace graphc::modules

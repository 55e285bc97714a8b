// How a .cu module's C++ lays out the structs of the graph file, asked of NVRTC with no
// GPU, so that `graphc check` finds a field declared with another type or at another
// offset than the C++ struct's (E0257) before nvcc or the runtime would pass it other bits.
// For each struct whose name occurs in the module (its text or its local headers), NVRTC
// compiles the module again, followed by a `__device__` object of the struct and, per
// field, a detector template (a partial specialisation that exists where the C++ struct
// has the field) giving the field's type and its address in the object: the type is
// carried by the lowered (mangled) name of the name expression `&graphc_field_<type>`,
// demangled here, and the offset by the PTX initialiser of an `extern "C"` pointer to the
// field (`= generic(graphc_object_0)+4;`), since NVRTC has no constant offsetof. A struct
// the module does not declare, or whose type has no trivial default constructor, fails the
// compilation, which then gives nothing (the generated code's static_asserts and the
// runtime still check the struct). Cached on disk with the module's other compilations.
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

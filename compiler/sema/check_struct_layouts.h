// The structs of a graph file against the C++ structs of its .cu modules, before anything
// runs: each field has the type and the offset of the C++ struct's field of its name
// (E0257, at the field, with a note naming the C++ type and offset). The runtime passes a
// struct by the graph file's layout and checks only its size against the kernel's
// parameter, so a field of another type (f32 where the C++ struct has `int n`) would pass
// other bits. A module that declares none of the structs, or that NVRTC does not read
// (no NVRTC in this build: W0001), checks nothing; the generated code's static_asserts
// check the offsets again.
#pragma once

#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "ir/kernel_signature.h"

namespace graphc::sema {

/// Checks every struct of `module` against the C++ structs each of `kernels` (one per
/// module.modules, in order; compiler/modules/module_kernels.h) declares.
void check_struct_layouts(const ir::Module& module, const std::vector<ir::ModuleKernels>& kernels, DiagEngine& diags);

}  // namespace graphc::sema

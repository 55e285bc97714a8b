// .ptx, .cubin and .fatbin modules: loaded as they are with cudaLibraryLoadFromFile (PTX
// is JIT-compiled by the driver for the device). Kernels are looked up by their symbol
// name: the extern "C" name, or the mangled name of a C++ kernel.
#pragma once

#include "modules/module_site.h"
#include "resources/handles.h"

namespace graphc::detail {

/// cudaLibraryLoadFromFile(site.decl.resolved). Throws R0006 when the file cannot be read
/// or CUDA rejects it (naming the CUDA error).
LibraryHandle load_library_file(const ModuleSite& site);

}  // namespace graphc::detail

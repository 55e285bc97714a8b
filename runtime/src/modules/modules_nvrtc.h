// .cu modules: compiled at load time by NVRTC for the current device's architecture into
// a CUBIN (cached on disk), then loaded with cudaLibraryLoadData.
#pragma once

#include <cuda_runtime_api.h>

#include <string>
#include <vector>

#include "modules/module_site.h"
#include "modules/nvrtc_compile.h"
#include "resources/handles.h"

namespace graphc::detail {

/// The NVRTC compilation of one module.
struct NvrtcOutput {
  modules::CompiledCode code;  // the CUBIN and each kernel name expression's lowered name
  bool cache_hit = false;      // true: read from the cache, NVRTC did not run
};

/// "sm_XY" for the current device (cudaDevAttrComputeCapabilityMajor/Minor). Throws R0001.
std::string current_device_arch();

/// Compiles module `site.decl` (a .cu file) for `arch`, with a name expression for each
/// of `kernels` whose identifier occurs in the file (extern "C" names, C++ names and
/// template instances such as "axpy<float>" alike), or takes the result from `cache`.
/// Needs no GPU. Throws R0006 when the file cannot be read, R0005 with NVRTC's log when it
/// does not compile.
NvrtcOutput compile_cu(const ModuleSite& site, const std::vector<std::string>& kernels, const std::string& arch,
                       const modules::NvrtcCache& cache);

/// Loads a CUBIN with cudaLibraryLoadData. Throws R0006 naming the CUDA error.
LibraryHandle load_image(const ModuleSite& site, const std::string& image);

}  // namespace graphc::detail

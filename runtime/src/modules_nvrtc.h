// .cu modules: compiled at load time by NVRTC for the current device's architecture into
// a CUBIN (cached on disk), then loaded with cudaLibraryLoadData.
#pragma once

#include <cuda_runtime_api.h>

#include <string>
#include <vector>

#include "handles.h"
#include "module_site.h"
#include "nvrtc_cache.h"

namespace graphc::detail {

/// The NVRTC compilation of one module.
struct NvrtcOutput {
  CompiledCode code;       // the CUBIN and each kernel name expression's lowered name
  bool cache_hit = false;  // true: read from the cache, NVRTC did not run
};

/// "sm_XY" for the current device (cudaDevAttrComputeCapabilityMajor/Minor). Throws R0001.
std::string current_device_arch();

/// NVRTC's options for `arch`: --gpu-architecture=<arch> (a real architecture, so the
/// output is a CUBIN), -std=c++17, -default-device, and -I for the module's folder and the
/// CUDA toolkit's include folders as nvcc computes them (toolkit_includes.h: `include` and
/// `include/cccl`), so CUDA's own headers (cuda_fp16.h, cooperative_groups.h, CUB,
/// libcu++) resolve as under nvcc.
std::vector<std::string> nvrtc_options(const std::string& arch, const std::string& module_dir);

/// Compiles module `site.decl` (a .cu file) for `arch`, with a name expression for each
/// of `kernels` whose identifier occurs in the file (extern "C" names, C++ names and
/// template instances such as "axpy<float>" alike), or takes the result from `cache`.
/// Needs no GPU. Throws R0006 when the file cannot be read, R0005 with NVRTC's log when it
/// does not compile.
NvrtcOutput compile_cu(const ModuleSite& site, const std::vector<std::string>& kernels, const std::string& arch,
                       const NvrtcCache& cache);

/// Loads a CUBIN with cudaLibraryLoadData. Throws R0006 naming the CUDA error.
LibraryHandle load_image(const ModuleSite& site, const std::string& image);

}  // namespace graphc::detail

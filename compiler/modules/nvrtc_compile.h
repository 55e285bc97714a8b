// Compiling a .cu module with NVRTC, which needs no GPU and no driver: for a real
// architecture ("sm_90": a CUBIN, what the runtime loads) or a virtual one ("compute_90":
// PTX, whose kernel entries `graphc check` reads). The output is cached on disk
// (nvrtc_cache.h) by everything it depends on, so a second compilation of the same source
// with the same options runs no NVRTC.
// Built only where the CUDA toolkit's NVRTC is (GRAPHC_HAVE_NVRTC).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "modules/nvrtc_cache.h"

namespace graphc::modules {

/// NVRTC's options for `arch`: --gpu-architecture=<arch>, -std=c++17, -default-device,
/// and -I for the module's folder and the CUDA toolkit's include folders as nvcc computes
/// them (toolkit_includes.h: `include` and `include/cccl`), so CUDA's own headers
/// (cuda_fp16.h, cooperative_groups.h, CUB, libcu++) resolve as under nvcc.
std::vector<std::string> nvrtc_options(const std::string& arch, const std::string& module_dir);

/// What compiling one module gave.
struct NvrtcCompilation {
  enum class Status : std::uint8_t { compiled, unreadable, failed, unavailable };
  Status status = Status::compiled;
  /// compiled: the image (a CUBIN for "sm_XY", PTX text for "compute_XY") and the lowered
  /// name of each kernel name expression given to NVRTC.
  CompiledCode code;
  bool cache_hit = false;  // compiled: read from the cache, NVRTC did not run
  /// failed: NVRTC's log (`path(line): error: ...`), or the NVRTC call that failed and
  /// its error string; unavailable: why NVRTC could not be loaded (nvrtc_library.h).
  std::string log;
};

/// The name expression whose lowered name holds the C++ type of kernel `name`, extern "C"
/// or not: `&graphc_kernel_type_<decltype(&name)>`, a __device__ variable template that
/// compile_with_nvrtc declares when asked for types; its mangled name encodes the
/// function's parameter types ("void (*)(float*, float, int)").
std::string kernel_type_expression(std::string_view name);

/// Compiles the .cu file at `path` for `arch` ("sm_90" or "compute_90"), with a name
/// expression for each of `kernels` whose identifier occurs in the file (extern "C" names,
/// C++ names and template instances such as "axpy<float>" alike: nvrtc_sources.h), or
/// takes the result from `cache`. The text compiled is the file behind the device runtime
/// prelude (with_prelude). With `kernel_types`, each such kernel's
/// kernel_type_expression() is lowered too (the file then ends with the variable
/// template's declaration). Never throws for a bad module: an unreadable file, NVRTC's
/// errors and an NVRTC that cannot be loaded are in the result.
NvrtcCompilation compile_with_nvrtc(const std::string& path, const std::vector<std::string>& kernels,
                                    const std::string& arch, const NvrtcCache& cache, bool kernel_types = false);

/// Compiles the .cu file at `path` for `arch`, behind the prelude as compile_with_nvrtc
/// does and followed by `appended` (the declarations that the name expressions use), with
/// each of `names` as a name expression, or takes the result from `cache`: what graphc asks
/// NVRTC about the module beyond its kernels (struct_layouts.h). Never throws for a bad
/// module or expression: the failure is in the result.
NvrtcCompilation compile_with_names(const std::string& path, const std::string& appended,
                                    const std::vector<std::string>& names, const std::string& arch,
                                    const NvrtcCache& cache);

}  // namespace graphc::modules

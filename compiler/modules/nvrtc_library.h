// NVRTC, loaded with dlopen the first time a .cu module must be compiled (cuda_library.h):
// `graphc check` of a file without .cu modules, `fmt`, `convert` and `dot` never load it.
// Built only where the CUDA toolkit's NVRTC is (GRAPHC_HAVE_NVRTC); its header gives the
// types and the signatures the symbols are cast to.
#pragma once

#include <nvrtc.h>

#include <string>

namespace graphc::modules {

/// The NVRTC entry points graphc calls (nvrtc.h), each looked up with dlsym.
struct NvrtcLibrary {
  decltype(&nvrtcVersion) version;
  decltype(&nvrtcGetErrorString) error_string;
  decltype(&nvrtcCreateProgram) create_program;
  decltype(&nvrtcDestroyProgram) destroy_program;
  decltype(&nvrtcAddNameExpression) add_name_expression;
  decltype(&nvrtcCompileProgram) compile_program;
  decltype(&nvrtcGetProgramLogSize) program_log_size;
  decltype(&nvrtcGetProgramLog) program_log;
  decltype(&nvrtcGetPTXSize) ptx_size;
  decltype(&nvrtcGetPTX) ptx;
  decltype(&nvrtcGetCUBINSize) cubin_size;
  decltype(&nvrtcGetCUBIN) cubin;
  decltype(&nvrtcGetLoweredName) lowered_name;

  /// The library, loaded on the first call (libnvrtc.so.<major> as open_cuda_library finds
  /// it) and kept for the life of the process; null when it cannot be loaded, with `why`
  /// (when given) set to what dlopen or dlsym said. A failed load is not tried again.
  static const NvrtcLibrary* get(std::string* why = nullptr);
};

}  // namespace graphc::modules

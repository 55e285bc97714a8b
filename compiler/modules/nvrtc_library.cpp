#include "modules/nvrtc_library.h"

#include <optional>

#include "modules/cuda_library.h"

namespace graphc::modules {
namespace {

struct Loaded {
  std::optional<NvrtcLibrary> library;
  std::string why;
};

Loaded load() {
  Loaded out;
  const std::string soname = cuda_library_soname("nvrtc");
  void* handle = open_cuda_library(soname, out.why);
  if (handle == nullptr) return out;
  NvrtcLibrary nvrtc{};
  std::string error;
  const bool resolved = resolve_symbol(handle, nvrtc.version, "nvrtcVersion", error) &&
                        resolve_symbol(handle, nvrtc.error_string, "nvrtcGetErrorString", error) &&
                        resolve_symbol(handle, nvrtc.create_program, "nvrtcCreateProgram", error) &&
                        resolve_symbol(handle, nvrtc.destroy_program, "nvrtcDestroyProgram", error) &&
                        resolve_symbol(handle, nvrtc.add_name_expression, "nvrtcAddNameExpression", error) &&
                        resolve_symbol(handle, nvrtc.compile_program, "nvrtcCompileProgram", error) &&
                        resolve_symbol(handle, nvrtc.program_log_size, "nvrtcGetProgramLogSize", error) &&
                        resolve_symbol(handle, nvrtc.program_log, "nvrtcGetProgramLog", error) &&
                        resolve_symbol(handle, nvrtc.ptx_size, "nvrtcGetPTXSize", error) &&
                        resolve_symbol(handle, nvrtc.ptx, "nvrtcGetPTX", error) &&
                        resolve_symbol(handle, nvrtc.cubin_size, "nvrtcGetCUBINSize", error) &&
                        resolve_symbol(handle, nvrtc.cubin, "nvrtcGetCUBIN", error) &&
                        resolve_symbol(handle, nvrtc.lowered_name, "nvrtcGetLoweredName", error);
  if (!resolved) {
    out.why = soname + ": " + error;
    return out;
  }
  out.library = nvrtc;
  return out;
}

}  // namespace

const NvrtcLibrary* NvrtcLibrary::get(std::string* why) {
  static const Loaded loaded = load();
  if (why != nullptr) *why = loaded.why;
  return loaded.library ? &*loaded.library : nullptr;
}

}  // namespace graphc::modules

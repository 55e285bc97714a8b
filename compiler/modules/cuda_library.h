// The CUDA toolkit's libraries that graphc loads only when it uses them (NVRTC to compile a
// .cu module, cuBLAS for a GEMM capture node, CUPTI for a profile), with dlopen: a program
// or a `graphc check` that never uses one never pays for its loading and its dynamic
// initialisers (tens of millions of instructions each for NVRTC and cuBLAS). Only their
// headers are used at build time.
#pragma once

#include <string>
#include <string_view>

namespace graphc::modules {

/// dlopen (RTLD_NOW | RTLD_LOCAL) of the library `soname` (such as "libnvrtc.so.13") as the
/// dynamic loader finds it (LD_LIBRARY_PATH, the RPATH, ldconfig's cache), else in the lib
/// folder of the CUDA toolkit graphc was built with. Returns the handle, which stays open
/// for the life of the process, or null and sets `error` to what dlopen said of each try.
void* open_cuda_library(std::string_view soname, std::string& error);

/// The soname of the CUDA toolkit library `name` ("nvrtc", "cublas", "cupti") of the major
/// version graphc was built with: "lib<name>.so.<major>".
std::string cuda_library_soname(std::string_view name);

/// dlsym of `name` in `library` as a pointer of `F`'s type; null and `error` set to what
/// dlsym said when the library has no such symbol.
void* cuda_library_symbol(void* library, const char* name, std::string& error);

template <class F>
bool resolve_symbol(void* library, F& function, const char* name, std::string& error) {
  function = reinterpret_cast<F>(cuda_library_symbol(library, name, error));
  return function != nullptr;
}

}  // namespace graphc::modules

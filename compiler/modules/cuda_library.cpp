#include "modules/cuda_library.h"

#include <dlfcn.h>

#include <fmt/format.h>

namespace graphc::modules {

void* open_cuda_library(std::string_view soname, std::string& error) {
  const std::string name(soname);
  void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle != nullptr) return handle;
  error = dlerror();
  const std::string in_toolkit = std::string(GRAPHC_CUDA_LIBRARY_DIR) + "/" + name;
  handle = dlopen(in_toolkit.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) error += std::string("; ") + dlerror();
  return handle;
}

std::string cuda_library_soname(std::string_view name) {
  return fmt::format("lib{}.so.{}", name, GRAPHC_CUDA_VERSION_MAJOR);
}

void* cuda_library_symbol(void* library, const char* name, std::string& error) {
  dlerror();
  void* symbol = dlsym(library, name);
  if (symbol == nullptr) {
    const char* said = dlerror();
    error = fmt::format("it has no {}: {}", name, said != nullptr ? said : "null symbol");
  }
  return symbol;
}

}  // namespace graphc::modules

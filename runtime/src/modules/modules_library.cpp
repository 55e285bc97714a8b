#include "modules/modules_library.h"

#include <filesystem>

#include <fmt/format.h>

#include "errors/runtime_diag.h"

namespace graphc::detail {

LibraryHandle load_library_file(const ModuleSite& site) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(site.decl.resolved, ec)) {
    fail(site.sources, site.graph_path, DiagCode::module_load, site.decl.range, site.decl.path, "cannot read the file");
  }
  cudaLibrary_t library = nullptr;
  const cudaError_t status =
      cudaLibraryLoadFromFile(&library, site.decl.resolved.c_str(), nullptr, nullptr, 0, nullptr, nullptr, 0);
  if (status != cudaSuccess) {
    cudaGetLastError();
    fail(site.sources, site.graph_path, DiagCode::module_load, site.decl.range, site.decl.path,
         fmt::format("cudaLibraryLoadFromFile failed: {} ({})", cudaGetErrorName(status), cudaGetErrorString(status)));
  }
  return LibraryHandle(library);
}

}  // namespace graphc::detail

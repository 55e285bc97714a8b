#include "modules/modules_nvrtc.h"

#include <fmt/format.h>

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"

namespace graphc::detail {

std::string current_device_arch() {
  int device = 0;
  int major = 0;
  int minor = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), "cudaDeviceGetAttribute");
  check(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device), "cudaDeviceGetAttribute");
  return fmt::format("sm_{}{}", major, minor);
}

NvrtcOutput compile_cu(const ModuleSite& site, const std::vector<std::string>& kernels, const std::string& arch,
                       const modules::NvrtcCache& cache) {
  modules::NvrtcCompilation out = modules::compile_with_nvrtc(site.decl.resolved, kernels, arch, cache);
  switch (out.status) {
    case modules::NvrtcCompilation::Status::unreadable:
      fail(site.sources, site.graph_path, DiagCode::module_load, site.decl.range, site.decl.path,
           "cannot read the file");
    case modules::NvrtcCompilation::Status::failed:
      fail(site.sources, site.graph_path, DiagCode::module_compile, site.decl.range, site.decl.path, out.log);
    case modules::NvrtcCompilation::Status::unavailable:
      fail(site.sources, site.graph_path, DiagCode::module_compile, site.decl.range, site.decl.path,
           "NVRTC cannot be loaded: " + out.log);
    case modules::NvrtcCompilation::Status::compiled: break;
  }
  return {std::move(out.code), out.cache_hit};
}

LibraryHandle load_image(const ModuleSite& site, const std::string& image) {
  cudaLibrary_t library = nullptr;
  const cudaError_t status = cudaLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
  if (status != cudaSuccess) {
    cudaGetLastError();
    fail(site.sources, site.graph_path, DiagCode::module_load, site.decl.range, site.decl.path,
         fmt::format("cudaLibraryLoadData failed: {} ({})", cudaGetErrorName(status), cudaGetErrorString(status)));
  }
  return LibraryHandle(library);
}

}  // namespace graphc::detail

#include "modules_nvrtc.h"

#include <nvrtc.h>

#include <filesystem>

#include <fmt/format.h>

#include "cuda_check.h"
#include "nvrtc_sources.h"
#include "runtime_diag.h"
#include "toolkit_includes.h"

namespace graphc::detail {
namespace {

[[noreturn]] void compile_failed(const ModuleSite& site, std::string_view what) {
  fail(site.sources, site.graph_path, DiagCode::module_compile, site.decl.range, site.decl.path, what);
}

void check_nvrtc(nvrtcResult status, const char* operation, const ModuleSite& site) {
  if (status != NVRTC_SUCCESS) compile_failed(site, fmt::format("{} failed: {}", operation, nvrtcGetErrorString(status)));
}

std::string nvrtc_version() {
  int major = 0;
  int minor = 0;
  nvrtcVersion(&major, &minor);
  return fmt::format("{}.{}", major, minor);
}

std::string program_log(nvrtcProgram program) {
  std::size_t size = 0;
  if (nvrtcGetProgramLogSize(program, &size) != NVRTC_SUCCESS || size == 0) return {};
  std::string log(size, '\0');
  if (nvrtcGetProgramLog(program, log.data()) != NVRTC_SUCCESS) return {};
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

// Runs NVRTC: the CUBIN and the lowered name of each name expression.
CompiledCode run_nvrtc(const ModuleSite& site, const std::string& text, const std::vector<std::string>& names,
                       const std::vector<std::string>& options) {
  nvrtcProgram raw = nullptr;
  check_nvrtc(nvrtcCreateProgram(&raw, text.c_str(), site.decl.resolved.c_str(), 0, nullptr, nullptr),
              "nvrtcCreateProgram", site);
  NvrtcProgramHandle program(raw);
  for (const std::string& name : names) check_nvrtc(nvrtcAddNameExpression(raw, name.c_str()), "nvrtcAddNameExpression", site);
  std::vector<const char*> option_pointers;
  for (const std::string& option : options) option_pointers.push_back(option.c_str());
  const nvrtcResult status = nvrtcCompileProgram(raw, static_cast<int>(option_pointers.size()), option_pointers.data());
  if (status != NVRTC_SUCCESS) {
    const std::string log = program_log(raw);
    compile_failed(site, log.empty() ? std::string(nvrtcGetErrorString(status)) : log);
  }
  CompiledCode code;
  std::size_t size = 0;
  check_nvrtc(nvrtcGetCUBINSize(raw, &size), "nvrtcGetCUBINSize", site);
  code.image.resize(size);
  check_nvrtc(nvrtcGetCUBIN(raw, code.image.data()), "nvrtcGetCUBIN", site);
  for (const std::string& name : names) {
    const char* lowered = nullptr;
    check_nvrtc(nvrtcGetLoweredName(raw, name.c_str(), &lowered), "nvrtcGetLoweredName", site);
    code.lowered_names.emplace(name, lowered);
  }
  return code;
}

}  // namespace

std::string current_device_arch() {
  int device = 0;
  int major = 0;
  int minor = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), "cudaDeviceGetAttribute");
  check(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device), "cudaDeviceGetAttribute");
  return fmt::format("sm_{}{}", major, minor);
}

std::vector<std::string> nvrtc_options(const std::string& arch, const std::string& module_dir) {
  std::vector<std::string> options = {"--gpu-architecture=" + arch, "-std=c++17", "-default-device"};
  options.push_back("-I" + (module_dir.empty() ? std::string(".") : module_dir));
  for (const std::string& dir : toolkit_include_dirs()) options.push_back("-I" + dir);
  return options;
}

NvrtcOutput compile_cu(const ModuleSite& site, const std::vector<std::string>& kernels, const std::string& arch,
                       const NvrtcCache& cache) {
  const std::filesystem::path path(site.decl.resolved);
  const std::optional<CuSource> source = read_cu_source(path);
  if (!source) {
    fail(site.sources, site.graph_path, DiagCode::module_load, site.decl.range, site.decl.path, "cannot read the file");
  }
  const std::string text = with_prelude(source->text, site.decl.resolved);
  const std::vector<std::string> names = kernel_names_in(source->text, kernels);
  const std::vector<std::string> options = nvrtc_options(arch, path.parent_path().string());

  // Everything the output depends on; the cache checks it byte for byte.
  std::string key = fmt::format("nvrtc {}\n", nvrtc_version());
  for (const std::string& option : options) key += fmt::format("option {}\n", option);
  for (const std::string& name : names) key += fmt::format("name {}\n", name);
  key += fmt::format("text {}\n{}headers {}\n{}", text.size(), text, source->local_headers.size(),
                     source->local_headers);

  if (std::optional<CompiledCode> cached = cache.find(key)) return {std::move(*cached), true};
  NvrtcOutput out{run_nvrtc(site, text, names, options), false};
  cache.store(key, out.code);
  return out;
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

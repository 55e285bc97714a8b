#include "modules/nvrtc_compile.h"

#include <nvrtc.h>

#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "modules/nvrtc_sources.h"
#include "modules/toolkit_includes.h"

namespace graphc::modules {
namespace {

struct ProgramDeleter {
  void operator()(nvrtcProgram program) const { nvrtcDestroyProgram(&program); }
};
using ProgramHandle = std::unique_ptr<std::remove_pointer_t<nvrtcProgram>, ProgramDeleter>;

// An NVRTC call's failure, as the log of the compilation.
struct NvrtcFailure {
  std::string log;
};

void check_nvrtc(nvrtcResult status, const char* operation) {
  if (status != NVRTC_SUCCESS) throw NvrtcFailure{fmt::format("{} failed: {}", operation, nvrtcGetErrorString(status))};
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

// A real architecture gives a CUBIN; a virtual one (compute_XY) PTX.
std::string output_of(nvrtcProgram program, const std::string& arch) {
  std::string image;
  std::size_t size = 0;
  if (arch.starts_with("compute_")) {
    check_nvrtc(nvrtcGetPTXSize(program, &size), "nvrtcGetPTXSize");
    image.resize(size);
    check_nvrtc(nvrtcGetPTX(program, image.data()), "nvrtcGetPTX");
    while (!image.empty() && image.back() == '\0') image.pop_back();
  } else {
    check_nvrtc(nvrtcGetCUBINSize(program, &size), "nvrtcGetCUBINSize");
    image.resize(size);
    check_nvrtc(nvrtcGetCUBIN(program, image.data()), "nvrtcGetCUBIN");
  }
  return image;
}

// Runs NVRTC: the image and the lowered name of each name expression.
CompiledCode run_nvrtc(const std::string& path, const std::string& text, const std::vector<std::string>& names,
                       const std::string& arch, const std::vector<std::string>& options) {
  nvrtcProgram raw = nullptr;
  check_nvrtc(nvrtcCreateProgram(&raw, text.c_str(), path.c_str(), 0, nullptr, nullptr), "nvrtcCreateProgram");
  const ProgramHandle program(raw);
  for (const std::string& name : names)
    check_nvrtc(nvrtcAddNameExpression(raw, name.c_str()), "nvrtcAddNameExpression");
  std::vector<const char*> option_pointers;
  for (const std::string& option : options) option_pointers.push_back(option.c_str());
  const nvrtcResult status = nvrtcCompileProgram(raw, static_cast<int>(option_pointers.size()), option_pointers.data());
  if (status != NVRTC_SUCCESS) {
    const std::string log = program_log(raw);
    throw NvrtcFailure{log.empty() ? std::string(nvrtcGetErrorString(status)) : log};
  }
  CompiledCode code;
  code.image = output_of(raw, arch);
  for (const std::string& name : names) {
    const char* lowered = nullptr;
    check_nvrtc(nvrtcGetLoweredName(raw, name.c_str(), &lowered), "nvrtcGetLoweredName");
    code.lowered_names.emplace(name, lowered);
  }
  return code;
}

}  // namespace

std::vector<std::string> nvrtc_options(const std::string& arch, const std::string& module_dir) {
  std::vector<std::string> options = {"--gpu-architecture=" + arch, "-std=c++17", "-default-device"};
  options.push_back("-I" + (module_dir.empty() ? std::string(".") : module_dir));
  for (const std::string& dir : toolkit_include_dirs()) options.push_back("-I" + dir);
  return options;
}

std::string kernel_type_expression(std::string_view name) {
  return fmt::format("&graphc_kernel_type_<decltype(&{})>", name);
}

namespace {

// Compiles `text` (the module at `path`, read as `source`, behind the prelude, and what is
// appended to it) with name expressions `names`, or takes the result from `cache`.
NvrtcCompilation compile_text(const std::string& path, const CuSource& source, const std::string& text,
                              const std::vector<std::string>& names, const std::string& arch, const NvrtcCache& cache) {
  NvrtcCompilation out;
  const std::vector<std::string> options = nvrtc_options(arch, std::filesystem::path(path).parent_path().string());

  // Everything the output depends on; the cache checks it byte for byte.
  std::string key = fmt::format("nvrtc {}\n", nvrtc_version());
  for (const std::string& option : options) key += fmt::format("option {}\n", option);
  for (const std::string& name : names) key += fmt::format("name {}\n", name);
  key += fmt::format("text {}\n{}headers {}\n{}", text.size(), text, source.local_headers.size(), source.local_headers);

  if (std::optional<CompiledCode> cached = cache.find(key)) {
    out.code = std::move(*cached);
    out.cache_hit = true;
    return out;
  }
  try {
    out.code = run_nvrtc(path, text, names, arch, options);
  } catch (const NvrtcFailure& failure) {
    out.status = NvrtcCompilation::Status::failed;
    out.log = failure.log;
    return out;
  }
  cache.store(key, out.code);
  return out;
}

}  // namespace

NvrtcCompilation compile_with_nvrtc(const std::string& path, const std::vector<std::string>& kernels,
                                    const std::string& arch, const NvrtcCache& cache, bool kernel_types) {
  const std::optional<CuSource> source = read_cu_source(path);
  if (!source) return NvrtcCompilation{.status = NvrtcCompilation::Status::unreadable};
  std::string text = with_prelude(source->text, path);
  std::vector<std::string> names = kernel_names_in(source->text, kernels);
  if (kernel_types) {
    text += "\ntemplate <typename F>\n__device__ int graphc_kernel_type_ = 0;\n";
    const std::size_t count = names.size();
    for (std::size_t i = 0; i < count; ++i) names.push_back(kernel_type_expression(names[i]));
  }
  return compile_text(path, *source, text, names, arch, cache);
}

NvrtcCompilation compile_with_names(const std::string& path, const std::string& appended,
                                    const std::vector<std::string>& names, const std::string& arch,
                                    const NvrtcCache& cache) {
  const std::optional<CuSource> source = read_cu_source(path);
  if (!source) return NvrtcCompilation{.status = NvrtcCompilation::Status::unreadable};
  return compile_text(path, *source, with_prelude(source->text, path) + "\n" + appended, names, arch, cache);
}

}  // namespace graphc::modules

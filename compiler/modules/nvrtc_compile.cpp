#include "modules/nvrtc_compile.h"

#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "modules/nvrtc_library.h"
#include "modules/nvrtc_sources.h"
#include "modules/toolkit_includes.h"

namespace graphc::modules {
namespace {

// An NVRTC call's failure, as the log of the compilation.
struct NvrtcFailure {
  std::string log;
};

// One NVRTC program, destroyed with it; every call through the loaded library.
class Program {
 public:
  Program(const NvrtcLibrary& nvrtc, const std::string& path, const std::string& text) : nvrtc_(nvrtc) {
    check(nvrtc_.create_program(&program_, text.c_str(), path.c_str(), 0, nullptr, nullptr), "nvrtcCreateProgram");
  }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  ~Program() {
    if (program_ != nullptr) nvrtc_.destroy_program(&program_);
  }

  void check(nvrtcResult status, const char* operation) const {
    if (status != NVRTC_SUCCESS) {
      throw NvrtcFailure{fmt::format("{} failed: {}", operation, nvrtc_.error_string(status))};
    }
  }

  void add_name_expression(const std::string& name) const {
    check(nvrtc_.add_name_expression(program_, name.c_str()), "nvrtcAddNameExpression");
  }

  // Compiles with `options`; throws the log (or NVRTC's error string) when it fails.
  void compile(const std::vector<std::string>& options) const {
    std::vector<const char*> pointers;
    for (const std::string& option : options) pointers.push_back(option.c_str());
    const nvrtcResult status = nvrtc_.compile_program(program_, static_cast<int>(pointers.size()), pointers.data());
    if (status == NVRTC_SUCCESS) return;
    const std::string text = log();
    throw NvrtcFailure{text.empty() ? std::string(nvrtc_.error_string(status)) : text};
  }

  // A real architecture gives a CUBIN; a virtual one (compute_XY) PTX.
  std::string output(const std::string& arch) const {
    std::string image;
    std::size_t size = 0;
    if (arch.starts_with("compute_")) {
      check(nvrtc_.ptx_size(program_, &size), "nvrtcGetPTXSize");
      image.resize(size);
      check(nvrtc_.ptx(program_, image.data()), "nvrtcGetPTX");
      while (!image.empty() && image.back() == '\0') image.pop_back();
    } else {
      check(nvrtc_.cubin_size(program_, &size), "nvrtcGetCUBINSize");
      image.resize(size);
      check(nvrtc_.cubin(program_, image.data()), "nvrtcGetCUBIN");
    }
    return image;
  }

  std::string lowered_name(const std::string& name) const {
    const char* lowered = nullptr;
    check(nvrtc_.lowered_name(program_, name.c_str(), &lowered), "nvrtcGetLoweredName");
    return lowered;
  }

 private:
  std::string log() const {
    std::size_t size = 0;
    if (nvrtc_.program_log_size(program_, &size) != NVRTC_SUCCESS || size == 0) return {};
    std::string text(size, '\0');
    if (nvrtc_.program_log(program_, text.data()) != NVRTC_SUCCESS) return {};
    while (!text.empty() && (text.back() == '\0' || text.back() == '\n')) text.pop_back();
    return text;
  }

  const NvrtcLibrary& nvrtc_;
  nvrtcProgram program_ = nullptr;
};

std::string nvrtc_version(const NvrtcLibrary& nvrtc) {
  int major = 0;
  int minor = 0;
  nvrtc.version(&major, &minor);
  return fmt::format("{}.{}", major, minor);
}

// Runs NVRTC: the image and the lowered name of each name expression.
CompiledCode run_nvrtc(const NvrtcLibrary& nvrtc, const std::string& path, const std::string& text,
                       const std::vector<std::string>& names, const std::string& arch,
                       const std::vector<std::string>& options) {
  const Program program(nvrtc, path, text);
  for (const std::string& name : names) program.add_name_expression(name);
  program.compile(options);
  CompiledCode code;
  code.image = program.output(arch);
  for (const std::string& name : names) code.lowered_names.emplace(name, program.lowered_name(name));
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
  const NvrtcLibrary* nvrtc = NvrtcLibrary::get(&out.log);
  if (nvrtc == nullptr) {
    out.status = NvrtcCompilation::Status::unavailable;
    return out;
  }
  const std::vector<std::string> options = nvrtc_options(arch, std::filesystem::path(path).parent_path().string());

  // Everything the output depends on; the cache checks it byte for byte.
  std::string key = fmt::format("nvrtc {}\n", nvrtc_version(*nvrtc));
  for (const std::string& option : options) key += fmt::format("option {}\n", option);
  for (const std::string& name : names) key += fmt::format("name {}\n", name);
  key += fmt::format("text {}\n{}headers {}\n{}", text.size(), text, source.local_headers.size(), source.local_headers);

  if (std::optional<CompiledCode> cached = cache.find(key)) {
    out.code = std::move(*cached);
    out.cache_hit = true;
    return out;
  }
  try {
    out.code = run_nvrtc(*nvrtc, path, text, names, arch, options);
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

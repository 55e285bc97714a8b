#include "module_set.h"

#include "modules/module_kernels.h"
#include "modules_library.h"
#include "modules_nvrtc.h"

namespace graphc::detail {
ModuleSet ModuleSet::load(const Compilation& compilation) {
  ModuleSet set;
  const ir::Module& module = compilation.module;
  const std::vector<std::string> kernels = modules::kernel_functions(module);
  const modules::NvrtcCache cache(modules::NvrtcCache::default_directory());
  std::string arch;
  for (const ir::ModuleDecl& decl : module.modules) {
    const ModuleSite site{compilation.sources, decl, module.path};
    Loaded loaded;
    ModuleInfo info;
    info.path = decl.resolved;
    if (decl.compiled_by_nvrtc()) {
      if (arch.empty()) arch = current_device_arch();
      NvrtcOutput out = compile_cu(site, kernels, arch, cache);
      loaded.library = load_image(site, out.code.image);
      loaded.nvrtc = true;
      loaded.lowered_names = std::move(out.code.lowered_names);
      info.kind = ModuleInfo::Kind::nvrtc;
      info.cache_hit = out.cache_hit;
      info.arch = arch;
    } else {
      loaded.library = load_library_file(site);
      info.kind = ModuleInfo::Kind::library;
    }
    set.modules_.push_back(std::move(loaded));
    set.info_.push_back(std::move(info));
  }
  if (const ir::Node* node = module.first_synthetic()) set.noop_ = load_noop_kernel(site_of(compilation.sources, *node));
  return set;
}

std::optional<cudaKernel_t> ModuleSet::find(std::string_view name, const CallSite& site) const {
  for (const Loaded& module : modules_) {
    std::string symbol(name);
    if (module.nvrtc) {
      const auto it = module.lowered_names.find(name);
      if (it == module.lowered_names.end()) continue;
      symbol = it->second;
    }
    cudaKernel_t kernel = nullptr;
    const cudaError_t status = cudaLibraryGetKernel(&kernel, module.library.get(), symbol.c_str());
    if (status == cudaErrorSymbolNotFound && !module.nvrtc) {
      cudaGetLastError();
      continue;
    }
    check(status, "cudaLibraryGetKernel", site);
    return kernel;
  }
  return std::nullopt;
}

}  // namespace graphc::detail

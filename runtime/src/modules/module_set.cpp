#include "modules/module_set.h"

#include <fstream>
#include <iterator>
#include <mutex>

#include "modules/stable_hash.h"

#include "modules/module_kernels.h"
#include "modules/modules_library.h"
#include "modules/modules_nvrtc.h"

namespace graphc::detail {
namespace {

// The bytes of the file at `path`; empty when it cannot be read (loading it then reports
// why).
std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

const ModuleSet::Loaded* ModuleSet::find_loaded(const ModuleSet* previous, const Loaded& wanted) {
  if (previous == nullptr) return nullptr;
  for (const Loaded& loaded : previous->modules_) {
    if (loaded.path == wanted.path && loaded.nvrtc == wanted.nvrtc && loaded.image_hash == wanted.image_hash &&
        loaded.lowered_names == wanted.lowered_names) {
      return &loaded;
    }
  }
  return nullptr;
}

ModuleSet ModuleSet::load(const Compilation& compilation, const ModuleSet* previous) {
  ModuleSet set;
  const ir::Module& module = compilation.module;
  const std::vector<std::string> kernels = modules::kernel_functions(module);
  const modules::NvrtcCache cache(modules::NvrtcCache::default_directory());
  std::string arch;
  for (const ir::ModuleDecl& decl : module.modules) {
    const ModuleSite site{compilation.sources, decl, module.path};
    Loaded loaded;
    loaded.path = decl.resolved;
    ModuleInfo info;
    info.path = decl.resolved;
    std::string image;
    if (decl.compiled_by_nvrtc()) {
      if (arch.empty()) arch = current_device_arch();
      NvrtcOutput out = compile_cu(site, kernels, arch, cache);
      image = std::move(out.code.image);
      loaded.nvrtc = true;
      loaded.lowered_names = std::move(out.code.lowered_names);
      info.kind = ModuleInfo::Kind::nvrtc;
      info.cache_hit = out.cache_hit;
      info.arch = arch;
    } else {
      image = file_bytes(decl.resolved);
      info.kind = ModuleInfo::Kind::library;
    }
    loaded.image_hash = image.empty() ? 0 : modules::stable_hash(image);
    if (const Loaded* kept = image.empty() ? nullptr : find_loaded(previous, loaded)) {
      loaded.library = kept->library;
    } else {
      loaded.library =
          std::make_shared<const LibraryHandle>(loaded.nvrtc ? load_image(site, image) : load_library_file(site));
    }
    set.modules_.push_back(std::move(loaded));
    set.info_.push_back(std::move(info));
  }
  if (const ir::Node* node = module.first_synthetic()) {
    set.noop_ = previous != nullptr && previous->noop_
                    ? previous->noop_
                    : std::make_shared<const NoopKernel>(load_noop_kernel(site_of(compilation.sources, *node)));
  }
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
    const cudaError_t status = cudaLibraryGetKernel(&kernel, module.library->get(), symbol.c_str());
    if (status == cudaErrorSymbolNotFound && !module.nvrtc) {
      cudaGetLastError();
      continue;
    }
    check(status, "cudaLibraryGetKernel", site);
    return kernel;
  }
  return std::nullopt;
}

void load_modules(ProgramState& program, const ProgramState* previous) {
  const std::lock_guard<std::mutex> loading(program.modules_mutex);
  if (program.modules) return;
  program.modules = std::make_shared<const ModuleSet>(
      ModuleSet::load(*program.compilation, previous != nullptr ? previous->modules.get() : nullptr));
}

}  // namespace graphc::detail

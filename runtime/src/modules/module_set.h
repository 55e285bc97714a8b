// Every module of a loaded program, in declaration order, and kernel lookup across them.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compile.h"
#include "errors/cuda_check.h"
#include "graphc/program.h"
#include "modules/noop_kernel.h"
#include "resources/handles.h"
#include "state/program_state.h"

namespace graphc::detail {

class ModuleSet {
 public:
  /// Loads every `module` of `compilation` on the current device: .cu through NVRTC (name
  /// expressions for every kernel function named in any graph of the file but the no-op
  /// kernel of synthetic nodes, which it loads too if a graph has any; compiled for
  /// current_device_arch(); cached in NvrtcCache::default_directory()), anything else
  /// (.ptx, .cubin, .fatbin) with cudaLibraryLoadFromFile. Throws R0005, R0006, R0001.
  /// With `previous` (Instance::reload: the modules of the program reloaded), a module
  /// whose file and image are unchanged (the same path, and the same CUBIN or file bytes)
  /// keeps `previous`'s library, and the no-op kernel likewise: their kernels stay the same
  /// cudaKernel_t, so the nodes that run them are unchanged.
  static ModuleSet load(const Compilation& compilation, const ModuleSet* previous = nullptr);

  /// The kernel `name` (as written in the graph) from the first module that has it:
  /// through its lowered name in a .cu module, by symbol name (cudaLibraryGetKernel) in
  /// the others. nullopt when no module has it; other CUDA failures are R0001 at `site`.
  std::optional<cudaKernel_t> find(std::string_view name, const CallSite& site) const;

  /// The kernel of synthetic kernel nodes (load_noop_kernel), loaded with the modules when
  /// any graph of the compilation has one; nullptr otherwise.
  cudaKernel_t noop_kernel() const { return noop_ ? noop_->kernel : nullptr; }

  const std::vector<ModuleInfo>& info() const { return info_; }

 private:
  struct Loaded {
    std::shared_ptr<const LibraryHandle> library;  // shared with the reloads that keep it
    bool nvrtc = false;
    std::map<std::string, std::string, std::less<>> lowered_names;  // nvrtc: name expression -> symbol
    std::string path;                                               // as resolved
    std::uint64_t image_hash = 0;  // stable_hash of the CUBIN (nvrtc) or of the file's bytes
  };
  // `previous`'s module of `path` with this image, if it has one.
  static const Loaded* find_loaded(const ModuleSet* previous, const Loaded& wanted);

  std::vector<Loaded> modules_;
  std::vector<ModuleInfo> info_;
  std::shared_ptr<const NoopKernel> noop_;
};

/// Loads `program`'s modules if not yet loaded (ModuleSet::load), keeping those of
/// `previous` (the program reloaded) that are unchanged.
void load_modules(ProgramState& program, const ProgramState* previous = nullptr);

}  // namespace graphc::detail

// What a Program owns, shared with its Instances (an Instance keeps the modules its
// graph's kernels live in loaded, and the sources its error messages point into).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compile.h"
#include "ir/creation_order.h"
#include "modules/module_set.h"

namespace graphc::detail {

struct ProgramState {
  std::unique_ptr<Compilation> compilation;  // analyzed without errors
  std::string path;                          // the .graph file as given
  CompileOptions options;                    // what it was compiled with (Instance::reload compiles it again so)
  std::string warnings;                      // rendered warnings of the load
  std::optional<ModuleSet> modules;          // loaded at the first instantiate
  /// Per GraphId: the order its nodes are added in, made once at load rather than at
  /// every instantiation.
  std::vector<ir::CreationOrder> creation_orders;

  /// Loads the modules if not yet loaded (ModuleSet::load), keeping those of `previous`
  /// (the program reloaded) that are unchanged.
  void load_modules(const ProgramState* previous = nullptr) {
    if (modules) return;
    modules = ModuleSet::load(*compilation, previous != nullptr && previous->modules ? &*previous->modules : nullptr);
  }
  const ir::Module& module() const { return compilation->module; }
  const SourceManager& sources() const { return compilation->sources; }
};

}  // namespace graphc::detail

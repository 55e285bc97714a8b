// What a Program owns, shared with its Instances (an Instance keeps the modules its
// graph's kernels live in loaded, and the sources its error messages point into). The
// runtime's state at the bottom of its folders: every concern folder may include it, and
// it includes only the compiler's headers (the loaded modules are a ModuleSet of
// modules/, held by pointer and loaded by modules/module_set.h's load_modules).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "compile.h"
#include "graphc/diagnostic_info.h"
#include "ir/creation_order.h"

namespace graphc::detail {

class ModuleSet;

struct ProgramState {
  std::unique_ptr<Compilation> compilation;  // analyzed without errors
  std::string path;                          // the .graph file as given
  CompileOptions options;                    // what it was compiled with (Instance::reload compiles it again so)
  std::string warnings;                      // rendered warnings of the load
  std::vector<DiagnosticInfo> diagnostics;   // the same as fields
  std::shared_ptr<const ModuleSet> modules;  // loaded at the first instantiate (load_modules)
  /// Per GraphId: the order its nodes are added in, made once at load rather than at
  /// every instantiation.
  std::vector<ir::CreationOrder> creation_orders;
  /// Held while `modules` is loaded: instances of one program may be built on several
  /// threads at once (one per device, as the ranks of a communicator are).
  std::mutex modules_mutex;

  const ir::Module& module() const { return compilation->module; }
  const SourceManager& sources() const { return compilation->sources; }
};

}  // namespace graphc::detail

// Kernel nodes against the kernels their modules declare, before anything runs: the
// kernel is in a module (E0120, "did you mean" over the modules' kernels), the node passes
// as many arguments as it takes (E0255) and each argument is what its parameter takes
// (E0256): the size, a pointer for a pointer with the buffer's element type, a floating
// value for a floating parameter, no double for a float. Notes point at the kernel's
// declaration in the .cu or .ptx file. A module NVRTC cannot compile is W0002 with NVRTC's
// errors as notes at their lines (nvcc may still compile it, into generated code); one whose
// kernels cannot be read is W0001, said once.
// The runtime's own checks (R0002-R0004, cudaFuncGetParamInfo) stay the last line of defence.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "ir/kernel_signature.h"
#include "source/source.h"

namespace graphc::sema {

/// A kernel as the runtime finds it: the first module that has it, by NVRTC's lowered name
/// in a .cu module and by symbol in a .ptx one.
struct FoundKernel {
  std::size_t module = 0;  // index in module.modules
  const ir::KernelSignature* kernel = nullptr;
};
std::optional<FoundKernel> find_kernel(const ir::Module& module, const std::vector<ir::ModuleKernels>& kernels,
                                       std::string_view name);

/// Checks every kernel node of every graph of `module` (synthetic ones excepted) against
/// `kernels` (one per module.modules, in order; compiler/modules/module_kernels.h). A
/// kernel is reported missing only when every module was read. Notes into a module file
/// add that file to `sources`.
void check_kernel_signatures(const ir::Module& module, const std::vector<ir::ModuleKernels>& kernels,
                             SourceManager& sources, DiagEngine& diags);

}  // namespace graphc::sema

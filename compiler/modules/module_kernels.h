// What each `module` of a graph file declares about its kernels, read without a GPU, for
// `graphc check`, `graphc compile` and Program::load to check kernel nodes against
// (sema/check_kernel_signatures.h):
// - .cu: compiled by NVRTC to PTX for ir::kCheckArchitecture, with a name expression for each
//   kernel the graphs name (as the runtime compiles it; ir::kCheckArchitecture), cached on disk with the runtime's
//   compilations (nvrtc_cache.h), so a second check compiles nothing;
// - .ptx: its entries, read directly;
// - .cubin: the kernel entries of its ELF symbol table, with their parameters' sizes;
// - .fatbin: not read (a container of compressed images: its kernels are checked when the
//   graph is instantiated).
// Kernels with C++ linkage get their C++ name and parameter types from their mangled names.
// A .cu module also gives the layout of the graph file's structs it declares (struct_layouts.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/graph.h"
#include "ir/kernel_signature.h"
#include "modules/nvrtc_cache.h"

namespace graphc::modules {

/// Every kernel function named by a kernel node of `module` (synthetic ones excepted),
/// sorted and once each: the name expressions a .cu module is compiled with.
std::vector<std::string> kernel_functions(const ir::Module& module);

/// The kernels of each of `module.modules`, in order. Never throws for a bad module: an
/// unreadable file, NVRTC's errors and what is not read are in each result's status.
std::vector<ir::ModuleKernels> read_module_kernels(const ir::Module& module, const NvrtcCache& cache);

}  // namespace graphc::modules

// Kernel arguments against the loaded kernel: the count and byte size of every argument,
// from cudaFuncGetParamInfo, checked before anything is built or launched (CUDA itself
// would copy the wrong number of bytes silently).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <vector>

#include "errors/cuda_check.h"
#include "ir/graph.h"
#include "state/program_state.h"

namespace graphc::detail {

/// The bytes an argument occupies as the node passes it: a pointer for a buffer, the
/// param's type, or the value's own type (a literal's C++ type: 1024 is 4 bytes, 1024ll 8).
std::size_t arg_size(const ir::Graph& graph, const ir::KernelArg& arg);

/// The size of each parameter of `kernel`, in order (cudaFuncGetParamInfo until it
/// reports the index out of range). Throws R0001 at `site` for any other failure.
std::vector<std::size_t> kernel_param_sizes(cudaKernel_t kernel, const CallSite& site);

/// Checks every kernel node of `graph` against `kernels` (per NodeId). Throws R0003 when
/// the count differs (at the kernel name), R0004 at the first argument whose size differs
/// (arguments and parameters numbered from 1).
void check_kernel_args(const ProgramState& program, const ir::Graph& graph, const std::vector<cudaKernel_t>& kernels);

}  // namespace graphc::detail

// Dynamic shared memory above the default 48 KiB: CUDA launches such a kernel only after
// cudaFuncAttributeMaxDynamicSharedMemorySize is raised on it, up to the device's opt-in
// limit (DESIGN.md section 5, launch configuration at build time).
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <vector>

#include "ir/graph.h"
#include "state/program_state.h"

namespace graphc::detail {

/// The node of a graph by index, as it is configured now (after Instance::set, a param
/// may have changed its shared memory).
using CurrentNode = std::function<const ir::Node&(std::size_t index)>;

/// For every kernel of `graph` (per NodeId in `kernels`) whose nodes ask for more than
/// 48 KiB of dynamic shared memory, sets the attribute to the most any node asks
/// (cudaKernelSetAttributeForDevice, current device). A node asking more than
/// cudaDevAttrMaxSharedMemoryPerBlockOptin is R0009; a failed CUDA call R0001. `current`
/// gives the nodes; without it, the graph's own.
void configure_shared_memory(const ProgramState& program, const ir::Graph& graph,
                             const std::vector<cudaKernel_t>& kernels, const CurrentNode& current = {});

/// Whether a kernel node asks for more than the 48 KiB CUDA gives without the attribute.
bool needs_shared_memory_attribute(const ir::KernelNode& kernel);

}  // namespace graphc::detail

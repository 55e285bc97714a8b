// Setting a kernel node of an instantiated graph through the driver's
// cuGraphExecKernelNodeSetParams rather than the runtime's cudaGraphExecKernelNodeSetParams:
// the same update, without the runtime API's own layer. Instance::set and Instance::bind pay
// it once per node they reach; on the H100 the driver's call, given the kernel's
// CUfunction, took 407-504 us for 1000 nodes against 547-719 us for the runtime's (a probe
// beside bench_updates 3). The driver is reached through cudaGetDriverEntryPointByVersion,
// so the runtime links no driver library.
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "errors/cuda_check.h"

namespace graphc::detail {

/// Sets kernel node `node` of `exec` to `p` (whose func is the node's cudaKernel_t) with
/// cuGraphExecKernelNodeSetParams. `function` caches the kernel's CUfunction in the current
/// context: null the first time, when cuKernelGetFunction finds it. A failure, or a driver
/// without these entry points, is R0001 naming the node (as check() reports a runtime call).
void set_exec_kernel_node(cudaGraphExec_t exec, cudaGraphNode_t node, const cudaKernelNodeParams& p,
                          CUfunction& function, const CallSite& site);

}  // namespace graphc::detail

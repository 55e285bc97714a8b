#include "update/exec_kernel_setter.h"

#include <cudaTypedefs.h>

namespace graphc::detail {
namespace {

// The driver functions used, found once (CUDA 12.0's signatures).
struct Driver {
  PFN_cuGraphExecKernelNodeSetParams_v12000 set_params = nullptr;
  PFN_cuKernelGetFunction_v12000 kernel_function = nullptr;
  PFN_cuGetErrorName_v6000 error_name = nullptr;
  PFN_cuGetErrorString_v6000 error_string = nullptr;
};

template <class F>
void entry_point(const char* symbol, F& out, const CallSite& site) {
  void* found = nullptr;
  cudaDriverEntryPointQueryResult result{};
  check(cudaGetDriverEntryPointByVersion(symbol, &found, 12000, cudaEnableDefault, &result),
        "cudaGetDriverEntryPointByVersion", site);
  if (result != cudaDriverEntryPointSuccess || found == nullptr) check(cudaErrorNotSupported, symbol, site);
  out = reinterpret_cast<F>(found);
}

const Driver& driver(const CallSite& site) {
  static const Driver found = [&] {
    Driver d;
    entry_point("cuGraphExecKernelNodeSetParams", d.set_params, site);
    entry_point("cuKernelGetFunction", d.kernel_function, site);
    entry_point("cuGetErrorName", d.error_name, site);
    entry_point("cuGetErrorString", d.error_string, site);
    return d;
  }();
  return found;
}

// R0001 as check() words a runtime error, with the driver's name and text for `status`.
void check_driver(const Driver& d, CUresult status, const char* operation, const CallSite& site) {
  if (status == CUDA_SUCCESS) return;
  const char* name = "CUDA_ERROR_UNKNOWN";
  const char* text = "unknown error";
  d.error_name(status, &name);
  d.error_string(status, &text);
  fail_call(name, text, operation, site);
}

}  // namespace

void set_exec_kernel_node(cudaGraphExec_t exec, cudaGraphNode_t node, const cudaKernelNodeParams& p,
                          CUfunction& function, const CallSite& site) {
  const Driver& d = driver(site);
  if (function == nullptr) {
    check_driver(d, d.kernel_function(&function, static_cast<CUkernel>(p.func)), "cuKernelGetFunction", site);
  }
  CUDA_KERNEL_NODE_PARAMS params{};
  params.func = function;
  params.gridDimX = p.gridDim.x;
  params.gridDimY = p.gridDim.y;
  params.gridDimZ = p.gridDim.z;
  params.blockDimX = p.blockDim.x;
  params.blockDimY = p.blockDim.y;
  params.blockDimZ = p.blockDim.z;
  params.sharedMemBytes = p.sharedMemBytes;
  params.kernelParams = p.kernelParams;
  check_driver(d, d.set_params(reinterpret_cast<CUgraphExec>(exec), reinterpret_cast<CUgraphNode>(node), &params),
               "cuGraphExecKernelNodeSetParams", site);
}

}  // namespace graphc::detail

// graphc::check_cuda: the one check of a CUDA runtime call, shared by the runtime library
// and the code graphc compile writes; a failure is R0001 (graphc/runtime_error.h) naming
// the call, the node and its `file:line:col`. Header-only: the CUDA runtime API.
#pragma once

#include <cuda_runtime_api.h>

#include "graphc/runtime_error.h"

namespace graphc {

/// Throws graphc::Error with code R0001 when `status` is not cudaSuccess: "<location>:
/// error[R0001]: <operation> for node '<node>' failed: <cudaGetErrorName>
/// (<cudaGetErrorString>)". `node` and `location` may be empty for calls that belong to no
/// node.
inline void check_cuda(cudaError_t status, const char* operation, const char* node = "", const char* location = "") {
  if (status == cudaSuccess) return;
  cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), operation, node, location);
}

}  // namespace graphc

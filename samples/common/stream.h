// The stream a sample program runs its graph on: its own, non-blocking (it does not wait for
// the legacy default stream), owned by graphc::StreamHandle, so it is destroyed after the
// graph that was declared after it.
#pragma once

#include <cuda_runtime_api.h>

#include "graphc/generated_support.h"

namespace graphc::samples {

/// A new non-blocking stream (cudaStreamCreateWithFlags); throws graphc::Error R0001 when
/// CUDA refuses.
inline StreamHandle create_stream() {
  cudaStream_t stream = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  return StreamHandle(stream);
}

}  // namespace graphc::samples

// Stream work for the capture nodes of the GPU tests, compiled into the test programs by
// nvcc; the .cpp tests (not compiled by nvcc) register these with Bindings::capture.
#pragma once

#include <cuda_runtime_api.h>

namespace graphc::test {

/// x[i] = a * x[i] + b for i < n, one `<<<>>>` launch on `stream`.
void launch_axpb(cudaStream_t stream, float* x, int n, float a, float b);

/// The same, but the second half of x runs on `side`, forked from `stream` through `fork`
/// and joined back through `join` (cudaEventRecord, cudaStreamWaitEvent): two kernel
/// nodes with no edge between them once captured.
void launch_axpb_forked(cudaStream_t stream, cudaStream_t side, cudaEvent_t fork, cudaEvent_t join, float* x, int n,
                        float a, float b);

/// As launch_axpb, but `times` launches one after the other (`times` kernel nodes).
void launch_axpb_times(cudaStream_t stream, float* x, int n, float a, float b, int times);

}  // namespace graphc::test

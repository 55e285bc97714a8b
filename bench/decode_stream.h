// transformer_decode's token step launched on a stream, without a graph: the same kernels
// (samples/transformer_decode/transformer_decode_kernels.cu, compiled by nvcc here) and the
// same cuBLAS GEMMs, in the same order and configurations as transformer_decode.graph, on
// the same memory. bench_decode's baselines: launched as is, and captured again per token.
#pragma once

#include <cuda_runtime_api.h>

namespace graphc::bench {

/// The memory of the decode graph (Instance::buffer of graph `decode`).
struct DecodeMemory {
  float* x = nullptr;
  float* scratch = nullptr;
  float* zero_bias = nullptr;
  float* k_cache = nullptr;
  float* v_cache = nullptr;
  float* parameters = nullptr;
  int* initialized = nullptr;
  int* pos_dev = nullptr;
  float* h_out = nullptr;  // pinned host memory
};

/// A cuBLAS handle with a workspace, for the GEMMs of the stream baselines.
class DecodeStream {
 public:
  DecodeStream();
  ~DecodeStream();
  DecodeStream(const DecodeStream&) = delete;
  DecodeStream& operator=(const DecodeStream&) = delete;

  /// Launches one token step for `batch` tokens at position `pos` on `stream` (asynchronous).
  /// Throws std::runtime_error for a failed launch or cuBLAS call.
  void step(const DecodeMemory& memory, int batch, int pos, cudaStream_t stream);

 private:
  void* handle_ = nullptr;  // cublasHandle_t
  void* workspace_ = nullptr;
};

}  // namespace graphc::bench

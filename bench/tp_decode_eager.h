// samples/tp_decode's token step launched eagerly on one rank's stream, no graph: the
// sample's kernels (compiled here by nvcc), cuBLAS GEMMs (cublasGemmEx, as the capture
// nodes call it) and NCCL all-reduces in the graph's order, on the memory of the rank's
// graphc instance. The per-rank eager baseline of bench_tp_decode.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <nccl.h>

#include "graphc/nccl_api.h"
#include "tp_decode/model.h"

namespace graphc::bench {

/// One rank: the shape, its world size, its instance's buffers (bf16 ones as void*), its
/// cuBLAS handle and communicator.
struct EagerRank {
  tp_model::Shape shape;
  int world = 1;
  float* x = nullptr;
  void* h = nullptr;
  void* qkv = nullptr;
  void* attn = nullptr;
  void* partial = nullptr;
  void* gate_up = nullptr;
  void* act = nullptr;
  const void* weights = nullptr;
  const float* gains = nullptr;
  void* k_cache = nullptr;
  void* v_cache = nullptr;
  int* pos_dev = nullptr;
  float* h_out = nullptr;
  cublasHandle_t cublas = nullptr;
  ncclComm_t comm = nullptr;
  const NcclApi* nccl = nullptr;
};

/// Launches one token at position `pos` on `stream` (asynchronous; the cuBLAS handle is set
/// to the stream). Throws graphc::Error (R0001) or std::runtime_error naming the call that
/// failed.
void eager_token(const EagerRank& rank, int pos, cudaStream_t stream);

}  // namespace graphc::bench

// graphc's cuBLAS operations for capture nodes (`capture c : cublas.gemm<N, T>(...)`), shared
// by the runtime and the code `graphc compile` writes. Header-only: the CUDA runtime API and
// cuBLAS (link CUDA::cublas).
//
// Library state belongs to graphc: one cuBLAS handle per instance (or generated graph), and
// a workspace per capture node (cublasSetWorkspace), so that cuBLAS captures as kernel
// nodes only. Without a workspace of its own, a captured cuBLAS call allocates and frees
// one (mem alloc and mem free nodes), which conditional bodies and device graphs refuse;
// and capture nodes that may run at the same time must not share one.
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/runtime_error.h"

namespace graphc {

/// The bytes of each capture node's cuBLAS workspace: 4 MiB, enough for the split-K and
/// stream-K kernels cuBLAS picks for GEMMs (cuBLAS recommends up to 32 MiB on Hopper for
/// its largest kernels, which graphs of small, latency-bound GEMMs do not pick).
inline constexpr std::size_t kCublasWorkspaceBytes = std::size_t{4} << 20;

/// A cuBLAS handle and the workspaces of the capture nodes that use it. Created empty; every
/// call that allocates does so before a capture begins (allocation is not allowed while a
/// stream captures in cudaStreamCaptureModeThreadLocal). Move-only; destroys the handle and
/// frees the workspaces, so it must outlive every exec whose nodes use them.
class CublasLibrary {
 public:
  CublasLibrary() = default;
  CublasLibrary(CublasLibrary&& other) noexcept
      : handle_(std::exchange(other.handle_, nullptr)), workspaces_(std::move(other.workspaces_)) {}
  CublasLibrary& operator=(CublasLibrary&& other) noexcept {
    if (this != &other) {
      release();
      handle_ = std::exchange(other.handle_, nullptr);
      workspaces_ = std::move(other.workspaces_);
    }
    return *this;
  }
  CublasLibrary(const CublasLibrary&) = delete;
  CublasLibrary& operator=(const CublasLibrary&) = delete;
  ~CublasLibrary() { release(); }

  /// Creates the handle (cublasCreate) if needed and allocates a new workspace
  /// (cudaMalloc, kCublasWorkspaceBytes); returns the workspace's index for bind(). Throws
  /// graphc::Error R0001 naming `node` at `location` when either fails.
  std::size_t add_workspace(const char* node, const char* location) {
    if (handle_ == nullptr) {
      const cublasStatus_t status = cublasCreate(&handle_);
      if (status != CUBLAS_STATUS_SUCCESS) {
        handle_ = nullptr;
        cuda_failure(cublasGetStatusName(status), cublasGetStatusString(status), "cublasCreate", node, location);
      }
    }
    void* memory = nullptr;
    if (const cudaError_t status = cudaMalloc(&memory, kCublasWorkspaceBytes); status != cudaSuccess) {
      cudaGetLastError();
      cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), "cudaMalloc of a cuBLAS workspace", node,
                   location);
    }
    workspaces_.push_back(memory);
    return workspaces_.size() - 1;
  }

  /// The handle, set to run on `stream` with workspace `workspace` (add_workspace's).
  /// Allowed while `stream` captures. Throws std::runtime_error naming the failed call.
  cublasHandle_t bind(cudaStream_t stream, std::size_t workspace) const {
    check(cublasSetStream(handle_, stream), "cublasSetStream");
    check(cublasSetWorkspace(handle_, workspaces_.at(workspace), kCublasWorkspaceBytes), "cublasSetWorkspace");
    return handle_;
  }

  /// Throws std::runtime_error "<call>: <status name> (<status string>)" unless it succeeded.
  static void check(cublasStatus_t status, const char* call) {
    if (status == CUBLAS_STATUS_SUCCESS) return;
    throw std::runtime_error(std::string(call) + ": " + cublasGetStatusName(status) + " (" +
                             cublasGetStatusString(status) + ")");
  }

 private:
  void release() {
    for (void* memory : workspaces_) cudaFree(memory);
    workspaces_.clear();
    if (handle_ != nullptr) cublasDestroy(std::exchange(handle_, nullptr));
  }

  cublasHandle_t handle_ = nullptr;
  std::vector<void*> workspaces_;
};

/// One GEMM as `cublas.gemm` and `cublas.gemm_strided_batched` describe it: C = alpha *
/// op(A) * op(B) + beta * C, column-major, op(A) m x k, op(B) k x n, C m x n; `batch`
/// members `stride_*` elements apart when `batched`. Sizes and leading dimensions in
/// elements.
struct GemmShape {
  bool transpose_a = false;
  bool transpose_b = false;
  int m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
  bool batched = false;
  long long stride_a = 0, stride_b = 0, stride_c = 0;
  int batch = 1;
};

/// cublasGemmEx (or cublasGemmStridedBatchedEx when `shape.batched`) on `handle`'s stream,
/// A, B and C all of `type` (CUDA_R_32F, CUDA_R_16F or CUDA_R_16BF), accumulated in f32
/// (CUBLAS_COMPUTE_32F: no TF32 for f32 data), alpha and beta by value. Throws
/// std::runtime_error naming the call and cuBLAS's status.
inline void cublas_gemm(cublasHandle_t handle, cudaDataType type, const GemmShape& shape, float alpha, const void* a,
                        const void* b, float beta, void* c) {
  const cublasOperation_t op_a = shape.transpose_a ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t op_b = shape.transpose_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  if (shape.batched) {
    CublasLibrary::check(cublasGemmStridedBatchedEx(handle, op_a, op_b, shape.m, shape.n, shape.k, &alpha, a, type,
                                                    shape.lda, shape.stride_a, b, type, shape.ldb, shape.stride_b,
                                                    &beta, c, type, shape.ldc, shape.stride_c, shape.batch,
                                                    CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                         "cublasGemmStridedBatchedEx");
    return;
  }
  CublasLibrary::check(cublasGemmEx(handle, op_a, op_b, shape.m, shape.n, shape.k, &alpha, a, type, shape.lda, b, type,
                                    shape.ldb, &beta, c, type, shape.ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                       "cublasGemmEx");
}

}  // namespace graphc

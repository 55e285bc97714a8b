// graphc's cuBLAS operations for capture nodes (`capture c : cublas.gemm<N, T>(...)`,
// `capture d : cublas.dot(...)`), shared
// by the runtime and the code `graphc compile` writes. Header-only: the CUDA runtime API and
// cuBLAS's header. Every cuBLAS call goes through a CublasApi: the generated code passes
// linked_cublas() (it links CUDA::cublas), the runtime the library it loads with dlopen the
// first time a graph has a cuBLAS capture node, so a program that never runs one never
// loads cuBLAS.
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

/// The cuBLAS entry points graphc calls (cublas_v2.h's functions; `create` is
/// cublasCreate_v2, which cublas_v2.h names cublasCreate). The GEMMs are the exported ones
/// that take a cublasComputeType_t (C++ also sees inline overloads taking a cudaDataType);
/// level 1 the `Ex` functions, which take the data's type; gemv the f32 and f64 ones.
struct CublasApi {
  using GemmEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                                    const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                                    cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t);
  using GemmStridedBatchedEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                                  const void*, const void*, cudaDataType, int, long long, const void*,
                                                  cudaDataType, int, long long, const void*, void*, cudaDataType, int,
                                                  long long, int, cublasComputeType_t, cublasGemmAlgo_t);
  decltype(&cublasCreate_v2) create;
  decltype(&cublasDestroy_v2) destroy;
  decltype(&cublasSetStream_v2) set_stream;
  decltype(&cublasSetWorkspace_v2) set_workspace;
  decltype(&cublasSetPointerMode_v2) set_pointer_mode;
  GemmEx gemm;
  GemmStridedBatchedEx gemm_strided_batched;
  decltype(&cublasDotEx) dot;
  decltype(&cublasNrm2Ex) nrm2;
  decltype(&cublasAxpyEx) axpy;
  decltype(&cublasScalEx) scal;
  decltype(&cublasCopyEx) copy;
  decltype(&cublasSgemv_v2) sgemv;
  decltype(&cublasDgemv_v2) dgemv;
  decltype(&cublasGetStatusName) status_name;
  decltype(&cublasGetStatusString) status_string;
};

/// cuBLAS's entry points as the program links them (CUDA::cublas, which graphc::generated
/// links): what the code `graphc compile` writes passes to CublasLibrary::add_workspace.
inline const CublasApi& linked_cublas() {
  static const CublasApi api{&cublasCreate_v2,
                             &cublasDestroy_v2,
                             &cublasSetStream_v2,
                             &cublasSetWorkspace_v2,
                             &cublasSetPointerMode_v2,
                             static_cast<CublasApi::GemmEx>(&cublasGemmEx),
                             static_cast<CublasApi::GemmStridedBatchedEx>(&cublasGemmStridedBatchedEx),
                             &cublasDotEx,
                             &cublasNrm2Ex,
                             &cublasAxpyEx,
                             &cublasScalEx,
                             &cublasCopyEx,
                             &cublasSgemv_v2,
                             &cublasDgemv_v2,
                             &cublasGetStatusName,
                             &cublasGetStatusString};
  return api;
}

/// A cuBLAS handle bound to a stream and a workspace (CublasLibrary::bind), with the entry
/// points to call it through.
struct CublasCall {
  const CublasApi* api;
  cublasHandle_t handle;

  /// Throws std::runtime_error "<call>: <status name> (<status string>)" unless it succeeded.
  void check(cublasStatus_t status, const char* call) const {
    if (status == CUBLAS_STATUS_SUCCESS) return;
    throw std::runtime_error(std::string(call) + ": " + api->status_name(status) + " (" + api->status_string(status) +
                             ")");
  }
};

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
      : api_(std::exchange(other.api_, nullptr)),
        handle_(std::exchange(other.handle_, nullptr)),
        workspaces_(std::move(other.workspaces_)),
        next_(std::exchange(other.next_, 0)) {}
  CublasLibrary& operator=(CublasLibrary&& other) noexcept {
    if (this != &other) {
      release();
      api_ = std::exchange(other.api_, nullptr);
      handle_ = std::exchange(other.handle_, nullptr);
      workspaces_ = std::move(other.workspaces_);
      next_ = std::exchange(other.next_, 0);
    }
    return *this;
  }
  CublasLibrary(const CublasLibrary&) = delete;
  CublasLibrary& operator=(const CublasLibrary&) = delete;
  ~CublasLibrary() { release(); }

  /// Creates the handle through `api` (cublasCreate) if there is none yet, and gives the
  /// node a workspace: after rewind(), the next one already allocated, else a new one
  /// (cudaMalloc, kCublasWorkspaceBytes). Returns the workspace's index for bind(). The
  /// handle is `api`'s from then on: every call passes the same one. Throws graphc::Error
  /// R0001 naming `node` at `location` when either fails.
  std::size_t add_workspace(const CublasApi& api, const char* node, const char* location) {
    if (handle_ == nullptr) {
      const cublasStatus_t status = api.create(&handle_);
      if (status != CUBLAS_STATUS_SUCCESS) {
        handle_ = nullptr;
        cuda_failure(api.status_name(status), api.status_string(status), "cublasCreate", node, location);
      }
      api_ = &api;
    }
    if (next_ < workspaces_.size()) return next_++;
    void* memory = nullptr;
    if (const cudaError_t status = cudaMalloc(&memory, kCublasWorkspaceBytes); status != cudaSuccess) {
      cudaGetLastError();
      cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), "cudaMalloc of a cuBLAS workspace", node,
                   location);
    }
    workspaces_.push_back(memory);
    next_ = workspaces_.size();
    return workspaces_.size() - 1;
  }

  /// The next graph built with this library takes the workspaces it has, from the first on,
  /// before it allocates more: for graphs that never run at the same time (the variants of
  /// one graphc::VariantInstances, which share their buffers too). Its node i then shares
  /// workspace i with node i of every graph built before.
  void rewind() { next_ = 0; }

  /// The handle, set to run on `stream` with workspace `workspace` (add_workspace's).
  /// Allowed while `stream` captures. Throws std::runtime_error naming the failed call.
  CublasCall bind(cudaStream_t stream, std::size_t workspace) const {
    const CublasCall call{api_, handle_};
    call.check(api_->set_stream(handle_, stream), "cublasSetStream");
    call.check(api_->set_workspace(handle_, workspaces_.at(workspace), kCublasWorkspaceBytes), "cublasSetWorkspace");
    return call;
  }

  /// Bytes of device memory it holds for its nodes (a workspace of kCublasWorkspaceBytes per GEMM node): what
  /// Instance::memory() reports as workspaces.
  std::size_t device_bytes() const { return workspaces_.size() * kCublasWorkspaceBytes; }

 private:
  void release() {
    for (void* memory : workspaces_) cudaFree(memory);
    workspaces_.clear();
    next_ = 0;
    if (handle_ != nullptr) api_->destroy(std::exchange(handle_, nullptr));
  }

  const CublasApi* api_ = nullptr;
  cublasHandle_t handle_ = nullptr;
  std::vector<void*> workspaces_;
  std::size_t next_ = 0;  // the workspace add_workspace gives next; workspaces_.size(): a new one
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
  bool operator==(const GemmShape&) const = default;
};

/// cublasGemmEx (or cublasGemmStridedBatchedEx when `shape.batched`) on `cublas`'s stream,
/// A, B and C all of `type` (CUDA_R_32F, CUDA_R_16F or CUDA_R_16BF), accumulated in f32
/// (CUBLAS_COMPUTE_32F: no TF32 for f32 data), alpha and beta by value
/// (CUBLAS_POINTER_MODE_HOST). Throws std::runtime_error naming the call and cuBLAS's status.
inline void cublas_gemm(const CublasCall& cublas, cudaDataType type, const GemmShape& shape, float alpha, const void* a,
                        const void* b, float beta, void* c) {
  cublas.check(cublas.api->set_pointer_mode(cublas.handle, CUBLAS_POINTER_MODE_HOST), "cublasSetPointerMode");
  const cublasOperation_t op_a = shape.transpose_a ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t op_b = shape.transpose_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  if (shape.batched) {
    cublas.check(cublas.api->gemm_strided_batched(cublas.handle, op_a, op_b, shape.m, shape.n, shape.k, &alpha, a, type,
                                                  shape.lda, shape.stride_a, b, type, shape.ldb, shape.stride_b, &beta,
                                                  c, type, shape.ldc, shape.stride_c, shape.batch, CUBLAS_COMPUTE_32F,
                                                  CUBLAS_GEMM_DEFAULT),
                 "cublasGemmStridedBatchedEx");
    return;
  }
  cublas.check(cublas.api->gemm(cublas.handle, op_a, op_b, shape.m, shape.n, shape.k, &alpha, a, type, shape.lda, b,
                                type, shape.ldb, &beta, c, type, shape.ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
               "cublasGemmEx");
}

/// A cuBLAS level 1 or 2 operation.
enum class BlasOp { dot, nrm2, axpy, scal, copy, gemv };

/// The sizes of a BlasOp as `cublas.dot`, ... `cublas.gemv<OP>` describe them, in elements:
/// level 1 works on `n` elements of x and y, `incx` and `incy` apart; gemv's A is m x n
/// column-major with leading dimension `lda`, op(A) A or (`transpose`) its transpose.
struct BlasShape {
  BlasOp op = BlasOp::dot;
  bool transpose = false;
  int m = 0, n = 0, lda = 0, incx = 1, incy = 1;
};

/// The memory a BlasOp reads and writes, each in device (or managed) memory; those it does
/// not take are null. alpha, beta and result are single elements (device pointer mode).
struct BlasOperands {
  const void* alpha = nullptr;
  const void* a = nullptr;
  void* x = nullptr;
  const void* beta = nullptr;
  void* y = nullptr;
  void* result = nullptr;
};

/// One level 1 or 2 call on `cublas`'s stream in CUBLAS_POINTER_MODE_DEVICE, every operand
/// of `type` (CUDA_R_32F or CUDA_R_64F), computed in that type:
///   dot    *result = x . y            cublasDotEx
///   nrm2   *result = ||x||_2          cublasNrm2Ex
///   axpy   y = *alpha x + y           cublasAxpyEx
///   scal   x = *alpha x               cublasScalEx
///   copy   y = x                      cublasCopyEx
///   gemv   y = *alpha op(A) x + *beta y   cublasSgemv / cublasDgemv
/// The scalars stay on the device, so a graph can compute them in one node and use them in
/// the next without a copy to the host. Throws std::runtime_error naming the call and
/// cuBLAS's status.
inline void cublas_blas(const CublasCall& cublas, cudaDataType type, const BlasShape& shape, const BlasOperands& o) {
  cublas.check(cublas.api->set_pointer_mode(cublas.handle, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
  const cublasHandle_t h = cublas.handle;
  const CublasApi& api = *cublas.api;
  switch (shape.op) {
    case BlasOp::dot:
      cublas.check(api.dot(h, shape.n, o.x, type, shape.incx, o.y, type, shape.incy, o.result, type, type),
                   "cublasDotEx");
      return;
    case BlasOp::nrm2:
      cublas.check(api.nrm2(h, shape.n, o.x, type, shape.incx, o.result, type, type), "cublasNrm2Ex");
      return;
    case BlasOp::axpy:
      cublas.check(api.axpy(h, shape.n, o.alpha, type, o.x, type, shape.incx, o.y, type, shape.incy, type),
                   "cublasAxpyEx");
      return;
    case BlasOp::scal:
      cublas.check(api.scal(h, shape.n, o.alpha, type, o.x, type, shape.incx, type), "cublasScalEx");
      return;
    case BlasOp::copy:
      cublas.check(api.copy(h, shape.n, o.x, type, shape.incx, o.y, type, shape.incy), "cublasCopyEx");
      return;
    case BlasOp::gemv: {
      const cublasOperation_t op = shape.transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
      if (type == CUDA_R_64F) {
        cublas.check(api.dgemv(h, op, shape.m, shape.n, static_cast<const double*>(o.alpha),
                               static_cast<const double*>(o.a), shape.lda, static_cast<const double*>(o.x), shape.incx,
                               static_cast<const double*>(o.beta), static_cast<double*>(o.y), shape.incy),
                     "cublasDgemv");
        return;
      }
      cublas.check(api.sgemv(h, op, shape.m, shape.n, static_cast<const float*>(o.alpha),
                             static_cast<const float*>(o.a), shape.lda, static_cast<const float*>(o.x), shape.incx,
                             static_cast<const float*>(o.beta), static_cast<float*>(o.y), shape.incy),
                   "cublasSgemv");
      return;
    }
  }
}

}  // namespace graphc

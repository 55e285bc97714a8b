// What capture nodes need from their owner (an Instance, or the Storage of a generated
// graph): the stream they are captured on and graphc's cuBLAS, cuBLASLt, cuSPARSE, cuFFT and
// CUB state. Header-only: the CUDA runtime API and those libraries (link CUDA::cublas,
// CUDA::cublasLt, CUDA::cusparse and CUDA::cufft).
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <utility>

#include "graphc/capture.h"
#include "graphc/cub_ops.h"
#include "graphc/cublas_ops.h"
#include "graphc/cublaslt_ops.h"
#include "graphc/cufft_ops.h"
#include "graphc/cusparse_ops.h"
#include "graphc/runtime_error.h"

namespace graphc {

/// The capture stream (non-blocking, created on first use: never the legacy default stream,
/// which cannot capture), the cuBLAS handle and workspaces, the cuBLASLt handle and matmul
/// plans, the cuSPARSE handle and SpMV and SpMM plans, the cuFFT plans and CUB's temporary
/// storage of a graph's capture nodes. Move-only; must outlive every exec built
/// with it, whose nodes use the workspaces and plans.
class CaptureResources {
 public:
  CaptureResources() = default;
  CaptureResources(CaptureResources&& other) noexcept
      : cublas(std::move(other.cublas)),
        cublaslt(std::move(other.cublaslt)),
        cusparse(std::move(other.cusparse)),
        cufft(std::move(other.cufft)),
        cub(std::move(other.cub)),
        stream_(std::exchange(other.stream_, nullptr)) {}
  CaptureResources& operator=(CaptureResources&& other) noexcept {
    if (this != &other) {
      release();
      stream_ = std::exchange(other.stream_, nullptr);
      cublas = std::move(other.cublas);
      cublaslt = std::move(other.cublaslt);
      cusparse = std::move(other.cusparse);
      cufft = std::move(other.cufft);
      cub = std::move(other.cub);
    }
    return *this;
  }
  CaptureResources(const CaptureResources&) = delete;
  CaptureResources& operator=(const CaptureResources&) = delete;
  ~CaptureResources() { release(); }

  /// The stream, created (cudaStreamCreateWithFlags, non-blocking) on the first call, which
  /// must not be made while a stream captures. Throws R0001 naming `node` at `location`.
  cudaStream_t stream(const char* node, const char* location) {
    if (stream_ == nullptr) {
      const cudaError_t status = cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking);
      if (status != cudaSuccess) {
        stream_ = nullptr;
        cudaGetLastError();
        cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), "cudaStreamCreateWithFlags", node, location);
      }
    }
    return stream_;
  }

  /// Bytes of device memory the libraries hold for the graph's capture nodes (workspaces,
  /// plans' buffers and work areas, CUB's temporary storage), not counting the handles'
  /// own: Instance::memory()'s workspaces.
  std::size_t device_bytes() const {
    return cublas.device_bytes() + cublaslt.device_bytes() + cusparse.device_bytes() + cufft.device_bytes() +
           cub.device_bytes();
  }

  CublasLibrary cublas;
  CublasLtLibrary cublaslt;
  CusparseLibrary cusparse;
  CufftLibrary cufft;
  CubLibrary cub;

 private:
  void release() {
    if (stream_ != nullptr) cudaStreamDestroy(std::exchange(stream_, nullptr));
  }

  cudaStream_t stream_ = nullptr;
};

/// The type of a generated Bindings member for a function that capture nodes call:
/// `graphc::CaptureFunction<float*, int> spmv;` is called as spmv(stream, x, n).
template <class... A>
using CaptureFunction = std::function<void(cudaStream_t, A...)>;

/// Throws R0040 when the function of a capture node was not set in the generated Bindings.
template <class F>
void require_capture_fn(const F& fn, const char* function, const char* node, const char* location) {
  if (fn) return;
  throw_error<RuntimeCode::capture_not_bound>(location, function, node);
}

/// The resources a generated graph's capture nodes use (Storage::bindings() sets them);
/// throws R0040 naming the node when the bindings have none.
inline CaptureResources& require_capture_resources(CaptureResources* resources, const char* node,
                                                   const char* location) {
  if (resources != nullptr) return *resources;
  throw_error<RuntimeCode::capture_resources_not_bound>(location, node);
}

}  // namespace graphc

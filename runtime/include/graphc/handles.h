// Move-only owners of CUDA objects, shared by the runtime and generated code: a graph
// (cudaGraphDestroy), an executable graph (cudaGraphExecDestroy), a kernel library
// (cudaLibraryUnload), an event (cudaEventDestroy) and a stream (cudaStreamDestroy).
// Destructors ignore CUDA's status: they run during unwinding and at process teardown.
// Header-only, CUDA runtime API only.
#pragma once

#include <cuda_runtime_api.h>

#include <utility>

namespace graphc {

/// Owns one handle `T`, released with `Destroy`. Empty when default-constructed or moved from.
template <class T, cudaError_t (*Destroy)(T)>
class Handle {
 public:
  Handle() = default;
  explicit Handle(T handle) : handle_(handle) {}
  Handle(Handle&& other) noexcept : handle_(std::exchange(other.handle_, T{})) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, T{});
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { reset(); }

  T get() const { return handle_; }
  /// Gives up ownership (to CUDA, when a child graph is moved into its node).
  T release() { return std::exchange(handle_, T{}); }
  void reset() {
    if (handle_) static_cast<void>(Destroy(std::exchange(handle_, T{})));
  }

 private:
  T handle_{};
};

using GraphHandle = Handle<cudaGraph_t, cudaGraphDestroy>;
using ExecHandle = Handle<cudaGraphExec_t, cudaGraphExecDestroy>;
using LibraryHandle = Handle<cudaLibrary_t, cudaLibraryUnload>;
using EventHandle = Handle<cudaEvent_t, cudaEventDestroy>;
using StreamHandle = Handle<cudaStream_t, cudaStreamDestroy>;

}  // namespace graphc

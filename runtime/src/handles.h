// RAII, move-only owners of the CUDA and NVRTC objects the runtime creates: graph, exec,
// library, NVRTC program, event, and allocations in each memory space. Destructors ignore
// errors (they run during unwinding and at process teardown).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>

#include "ir/types.h"

namespace graphc::detail {

/// Owns one handle `T`; `Destroy` releases it. Empty when default-constructed or moved from.
template <class T, void (*Destroy)(T)>
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
    if (handle_) Destroy(std::exchange(handle_, T{}));
  }

 private:
  T handle_{};
};

void destroy_graph(cudaGraph_t graph);
void destroy_exec(cudaGraphExec_t exec);
void unload_library(cudaLibrary_t library);
void destroy_event(cudaEvent_t event);

using GraphHandle = Handle<cudaGraph_t, destroy_graph>;              // cudaGraphDestroy
using ExecHandle = Handle<cudaGraphExec_t, destroy_exec>;            // cudaGraphExecDestroy
using LibraryHandle = Handle<cudaLibrary_t, unload_library>;         // cudaLibraryUnload
using EventHandle = Handle<cudaEvent_t, destroy_event>;              // cudaEventDestroy

/// Memory of one buffer: cudaMalloc (device), cudaMallocHost (host, pinned) or
/// cudaMallocManaged (managed); freed with cudaFree / cudaFreeHost.
class Allocation {
 public:
  Allocation() = default;
  /// Allocates `bytes` in `space`; returns the CUDA status, leaving the object empty on failure.
  cudaError_t allocate(ir::MemorySpace space, std::size_t bytes);
  /// `rows` rows of `row_bytes` each: pitched device memory (cudaMallocPitch, which sets
  /// `pitch`), or in other spaces allocate()'s dense rows (`pitch` = `row_bytes`).
  cudaError_t allocate_rows(ir::MemorySpace space, std::size_t row_bytes, std::size_t rows, std::size_t& pitch);
  /// `depth` slices of `rows` rows of `row_bytes` each: pitched device memory (cudaMalloc3D,
  /// which sets `pitch`; a slice's rows follow the one before's), or in other spaces
  /// allocate()'s dense rows (`pitch` = `row_bytes`).
  cudaError_t allocate_volume(ir::MemorySpace space, std::size_t row_bytes, std::size_t rows, std::size_t depth,
                              std::size_t& pitch);
  /// The CUDA call allocate() makes for `space`: "cudaMalloc", "cudaMallocHost", "cudaMallocManaged".
  static const char* allocator(ir::MemorySpace space);
  Allocation(Allocation&& other) noexcept;
  Allocation& operator=(Allocation&& other) noexcept;
  Allocation(const Allocation&) = delete;
  Allocation& operator=(const Allocation&) = delete;
  ~Allocation() { reset(); }

  void* get() const { return ptr_; }
  void reset();

 private:
  void* ptr_ = nullptr;
  ir::MemorySpace space_ = ir::MemorySpace::device;
};

}  // namespace graphc::detail

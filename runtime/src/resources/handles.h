// RAII, move-only owners of the allocations the runtime makes in each memory space; the
// graph, exec, library and event owners are graphc/handles.h's, which generated code
// shares. Destructors ignore errors (they run during unwinding and at process teardown).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>

#include "graphc/handles.h"
#include "ir/types.h"

namespace graphc::detail {

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

#include "resources/handles.h"

#include <cstdlib>

namespace graphc::detail {

cudaError_t Allocation::allocate(ir::MemorySpace space, std::size_t bytes) {
  reset();
  space_ = space;
  switch (space) {
    case ir::MemorySpace::device: return cudaMalloc(&ptr_, bytes);
    case ir::MemorySpace::host: return cudaMallocHost(&ptr_, bytes);
    case ir::MemorySpace::managed: return cudaMallocManaged(&ptr_, bytes);
    case ir::MemorySpace::pageable:
      ptr_ = std::malloc(bytes);
      return ptr_ != nullptr || bytes == 0 ? cudaSuccess : cudaErrorMemoryAllocation;
  }
  return cudaErrorInvalidValue;
}

cudaError_t Allocation::allocate_rows(ir::MemorySpace space, std::size_t row_bytes, std::size_t rows,
                                      std::size_t& pitch) {
  if (space != ir::MemorySpace::device) {
    pitch = row_bytes;
    return allocate(space, row_bytes * rows);
  }
  reset();
  space_ = space;
  return cudaMallocPitch(&ptr_, &pitch, row_bytes, rows);
}

cudaError_t Allocation::allocate_volume(ir::MemorySpace space, std::size_t row_bytes, std::size_t rows,
                                        std::size_t depth, std::size_t& pitch) {
  if (space != ir::MemorySpace::device) {
    pitch = row_bytes;
    return allocate(space, row_bytes * rows * depth);
  }
  reset();
  space_ = space;
  cudaPitchedPtr memory{};
  const cudaError_t status = cudaMalloc3D(&memory, cudaExtent{row_bytes, rows, depth});
  ptr_ = memory.ptr;
  pitch = memory.pitch;
  return status;
}

const char* Allocation::allocator(ir::MemorySpace space) {
  switch (space) {
    case ir::MemorySpace::device: return "cudaMalloc";
    case ir::MemorySpace::host: return "cudaMallocHost";
    case ir::MemorySpace::managed: return "cudaMallocManaged";
    case ir::MemorySpace::pageable: return "malloc";
  }
  return "?";
}

Allocation::Allocation(Allocation&& other) noexcept : ptr_(std::exchange(other.ptr_, nullptr)), space_(other.space_) {}

Allocation& Allocation::operator=(Allocation&& other) noexcept {
  if (this != &other) {
    reset();
    ptr_ = std::exchange(other.ptr_, nullptr);
    space_ = other.space_;
  }
  return *this;
}

void Allocation::reset() {
  if (!ptr_) return;
  switch (space_) {
    case ir::MemorySpace::host: cudaFreeHost(ptr_); break;
    case ir::MemorySpace::pageable: std::free(ptr_); break;
    default: cudaFree(ptr_); break;
  }
  ptr_ = nullptr;
}

}  // namespace graphc::detail

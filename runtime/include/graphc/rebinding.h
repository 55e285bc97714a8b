// A buffer's new memory on a live graph, checked before any node is pointed at it: the
// checks Instance::bind and the generated rebind_NAME() share. Header-only, CUDA runtime
// API and the standard library only (generated code includes it).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "graphc/check_cuda.h"
#include "graphc/runtime_error.h"

namespace graphc {

/// Where a buffer lives: device (cudaMalloc), host (pinned, cudaMallocHost), managed
/// (cudaMallocManaged), pageable (ordinary host memory, malloc).
enum class MemorySpace { device, host, managed, pageable };

/// What memory `pointer` is, as cudaPointerGetAttributes reports it: cudaMemoryTypeDevice,
/// cudaMemoryTypeHost (pinned or registered host memory), cudaMemoryTypeManaged, or
/// cudaMemoryTypeUnregistered (pageable host memory, and nullptr). Throws graphc::Error
/// R0001 when CUDA cannot tell.
inline cudaMemoryType memory_type_of(const void* pointer) {
  cudaPointerAttributes attributes{};
  check_cuda(cudaPointerGetAttributes(&attributes, pointer), "cudaPointerGetAttributes");
  return attributes.type;
}

/// "device memory", "pinned host memory", "managed memory", "pageable host memory".
inline const char* memory_type_name(cudaMemoryType type) {
  switch (type) {
    case cudaMemoryTypeDevice: return "device memory";
    case cudaMemoryTypeHost: return "pinned host memory";
    case cudaMemoryTypeManaged: return "managed memory";
    default: return "pageable host memory";
  }
}

/// "device memory", "pinned host memory", "managed memory": what a buffer of `space` holds.
inline const char* memory_space_name(MemorySpace space) {
  switch (space) {
    case MemorySpace::device: return "device memory";
    case MemorySpace::host: return "pinned host memory";
    case MemorySpace::managed: return "managed memory";
    case MemorySpace::pageable: return "pageable host memory";
  }
  return "";
}

/// Whether memory of `type` may stand for a buffer of `space` in the nodes that use it:
/// device or managed memory for a device buffer, pinned host or managed memory for a host
/// buffer, managed memory for a managed buffer (host code may read it without a copy), and
/// host memory, pageable or pinned, for a pageable buffer (only copies use it).
inline bool fits_space(cudaMemoryType type, MemorySpace space) {
  switch (space) {
    case MemorySpace::device: return type == cudaMemoryTypeDevice || type == cudaMemoryTypeManaged;
    case MemorySpace::host: return type == cudaMemoryTypeHost || type == cudaMemoryTypeManaged;
    case MemorySpace::managed: return type == cudaMemoryTypeManaged;
    case MemorySpace::pageable: return type == cudaMemoryTypeUnregistered || type == cudaMemoryTypeHost;
  }
  return false;
}

/// Checks new memory for buffer `name` (declared at `location`, "file:line:col") of `needed`
/// bytes in `space`, as generated rebind_NAME() does before it changes anything: graphc::Error
/// R0007 when `bytes` is less than `needed`, R0046 when the memory is not of the buffer's
/// space (fits_space).
inline void check_rebinding(const void* pointer, std::size_t bytes, std::size_t needed, MemorySpace space,
                            const char* name, const char* location) {
  if (bytes < needed) throw_error<RuntimeCode::binding_size>(location, name, bytes, needed);
  const cudaMemoryType type = memory_type_of(pointer);
  if (!fits_space(type, space)) {
    throw_error<RuntimeCode::binding_space>(location, name, memory_space_name(space), memory_type_name(type));
  }
}

}  // namespace graphc

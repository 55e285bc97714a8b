// graphc::MemoryUse: what an instance holds in memory and what its exec takes from the
// device's graph-memory pool when it runs (Instance::memory, VariantInstances::memory,
// `graphc run --memory`), and the pool itself (cudaDeviceGetGraphMemAttribute), which
// trim_graph_memory gives back (cudaDeviceGraphMemTrim). All in bytes.
#pragma once

#include <cstddef>

namespace graphc {

struct MemoryUse {
  /// graphc's own allocations for the graph's buffers in device memory: cudaMalloc,
  /// cudaMallocPitch, cudaMalloc3D, cudaMallocManaged, and ncclMemAlloc for a window (a
  /// pitched buffer at its pitch).
  std::size_t buffers = 0;
  /// graphc's own allocations for buffers in host memory (cudaMallocHost, pageable).
  std::size_t host_buffers = 0;
  /// The caller's memory bound to the graph's buffers (Bindings::buffer, Instance::bind):
  /// used, not owned.
  std::size_t bound = 0;
  /// What the libraries of the capture nodes hold for them: cuBLAS and cuBLASLt workspaces,
  /// cuSPARSE buffers, cuFFT work areas, CUB's temporary storage (not the handles' own).
  std::size_t workspaces = 0;
  /// What the graph's alloc nodes take from the device's graph-memory pool while a launch
  /// runs: their sizes as declared (the pool rounds them up to its granularity).
  std::size_t graph_memory = 0;
};

/// The device's graph-memory pool, which every exec's alloc nodes draw on
/// (cudaDeviceGetGraphMemAttribute): in use now and at most since the pool's high-water marks
/// were last reset, and reserved from the driver now and at most.
struct GraphMemoryPool {
  std::size_t used = 0;           // cudaGraphMemAttrUsedMemCurrent
  std::size_t used_high = 0;      // cudaGraphMemAttrUsedMemHigh
  std::size_t reserved = 0;       // cudaGraphMemAttrReservedMemCurrent
  std::size_t reserved_high = 0;  // cudaGraphMemAttrReservedMemHigh
};

/// The pool of CUDA device `device`. Throws graphc::Error R0001 naming the call when CUDA
/// refuses it.
GraphMemoryPool graph_memory_pool(int device);

/// Gives the pool's memory that no exec's allocation holds back to the driver
/// (cudaDeviceGraphMemTrim, which synchronizes with the device's work). Throws R0001.
void trim_graph_memory(int device);

}  // namespace graphc

// Instance::memory and the device's graph-memory pool (graphc/memory_use.h).
#include "graphc/memory_use.h"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <variant>

#include "graphc/check_cuda.h"
#include "graphc/instance.h"
#include "instance/instance_state.h"

namespace graphc {
namespace {

// Bytes the alloc nodes of `graph`, and of the graphs its call nodes embed (a copy each),
// allocate while a launch runs.
std::size_t alloc_bytes(const ir::Module& module, const ir::Graph& graph) {
  std::size_t bytes = 0;
  for (const ir::Buffer& buffer : graph.buffers) {
    if (buffer.alloc.valid()) bytes += buffer.bytes();
  }
  for (const ir::Node& node : graph.nodes) {
    if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
      bytes += alloc_bytes(module, module.graph(call->graph_id));
    }
  }
  return bytes;
}

}  // namespace

MemoryUse Instance::memory() const {
  const detail::InstanceState& state = *state_;
  const ir::Graph& graph = state.graph();
  MemoryUse use;
  use.buffers = state.buffers.allocated_bytes(false);
  use.host_buffers = state.buffers.allocated_bytes(true);
  for (const ir::Buffer& buffer : graph.buffers) {
    if (buffer.alloc.valid() || buffer.view) continue;
    if (const Bindings::BoundBuffer* bound = state.bindings.find_buffer(buffer.name)) use.bound += bound->bytes;
  }
  use.workspaces = state.captures->device_bytes();
  use.graph_memory = alloc_bytes(state.program->module(), graph);
  for (const auto& [id, launched] : state.launched) {
    const MemoryUse more = launched.memory();
    use.buffers += more.buffers;
    use.host_buffers += more.host_buffers;
    use.bound += more.bound;
    use.workspaces += more.workspaces;
    use.graph_memory += more.graph_memory;
  }
  return use;
}

GraphMemoryPool graph_memory_pool(int device) {
  GraphMemoryPool pool;
  const auto read = [device](cudaGraphMemAttributeType attribute, std::size_t& out, const char* what) {
    std::uint64_t value = 0;  // a cuuint64_t
    check_cuda(cudaDeviceGetGraphMemAttribute(device, attribute, &value), what);
    out = static_cast<std::size_t>(value);
  };
  read(cudaGraphMemAttrUsedMemCurrent, pool.used, "cudaDeviceGetGraphMemAttribute (cudaGraphMemAttrUsedMemCurrent)");
  read(cudaGraphMemAttrUsedMemHigh, pool.used_high, "cudaDeviceGetGraphMemAttribute (cudaGraphMemAttrUsedMemHigh)");
  read(cudaGraphMemAttrReservedMemCurrent, pool.reserved,
       "cudaDeviceGetGraphMemAttribute (cudaGraphMemAttrReservedMemCurrent)");
  read(cudaGraphMemAttrReservedMemHigh, pool.reserved_high,
       "cudaDeviceGetGraphMemAttribute (cudaGraphMemAttrReservedMemHigh)");
  return pool;
}

void trim_graph_memory(int device) { check_cuda(cudaDeviceGraphMemTrim(device), "cudaDeviceGraphMemTrim"); }

}  // namespace graphc

#include "build/node_params.h"

#include "build/node_type.h"
#include "ir/pitched_copy.h"

namespace graphc::detail {
namespace {

// The slice's first element; of a 2-D or 3-D buffer, the box's first row (of its first
// slice) and column.
void* slice_pointer(const ir::Graph& graph, const ir::BufferSlice& slice, const std::vector<void*>& buffers,
                    const std::vector<std::size_t>& pitches) {
  const ir::Buffer& buffer = graph.buffer(slice.id);
  if (!buffer.two_d()) {
    return address_of(buffers, memory_place(graph, slice.id, static_cast<std::int64_t>(slice.offset_value)));
  }
  // A 2-D or 3-D buffer is never a view's base nor a view (E0241), so its pointer is its own.
  auto* base = static_cast<std::byte*>(buffers.at(slice.id.value));
  return base + ir::first_row(graph, slice) * pitches.at(slice.id.value) +
         slice.column_value * ir::type_size(buffer.type);
}

// One side of a box copy: a box's whole buffer, pitched, or a 1-D slice's dense rows.
cudaPitchedPtr pitched_pointer(const ir::Graph& graph, const ir::PitchedSide& side, const std::vector<void*>& buffers,
                               const std::vector<std::size_t>& pitches) {
  if (!side.flat) {
    return cudaPitchedPtr{buffers.at(side.buffer.value), pitches.at(side.buffer.value), side.xsize, side.ysize};
  }
  void* first = address_of(buffers, memory_place(graph, side.buffer, static_cast<std::int64_t>(side.offset)));
  return cudaPitchedPtr{first, side.pitch, side.xsize, side.ysize};
}

// A copy of a box (ir::pitched_copy): each side's pitched pointer and the box's corner as
// a position in it (x in bytes, y in rows, z in slices), and the box's extent.
cudaGraphNodeParams box_copy_params(const ir::Graph& graph, const ir::CopyNode& copy, const ir::PitchedCopy& box,
                                    const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::copy);
  cudaMemcpy3DParms& c = p.memcpy.copyParams;
  c.srcPtr = pitched_pointer(graph, box.src, buffers, pitches);
  c.srcPos = cudaPos{box.src.x, box.src.y, box.src.z};
  c.dstPtr = pitched_pointer(graph, box.dst, buffers, pitches);
  c.dstPos = cudaPos{box.dst.x, box.dst.y, box.dst.z};
  c.extent = cudaExtent{box.width_bytes, box.height, box.depth};
  c.kind = memcpy_kind(copy.kind);
  return p;
}

cudaPitchedPtr row(void* pointer, std::size_t bytes) {
  cudaPitchedPtr p{};
  p.ptr = pointer;
  p.pitch = bytes;
  p.xsize = bytes;
  p.ysize = 1;
  return p;
}

}  // namespace

cudaKernelNodeParams kernel_params(cudaKernel_t kernel, const ir::KernelNode& node, KernelArgs& args) {
  cudaKernelNodeParams p{};
  p.func = static_cast<void*>(kernel);
  p.gridDim = dim3(node.grid_dims[0], node.grid_dims[1], node.grid_dims[2]);
  p.blockDim = dim3(node.block_dims[0], node.block_dims[1], node.block_dims[2]);
  p.sharedMemBytes = node.shared_memory_bytes;
  p.kernelParams = args.pointers();
  p.extra = nullptr;
  return p;
}

cudaGraphNodeParams kernel_node_params(cudaKernel_t kernel, const ir::KernelNode& node, KernelArgs& args) {
  const cudaKernelNodeParams k = kernel_params(kernel, node, args);
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::kernel);
  p.kernel.func = k.func;
  p.kernel.gridDim = k.gridDim;
  p.kernel.blockDim = k.blockDim;
  p.kernel.sharedMemBytes = k.sharedMemBytes;
  p.kernel.kernelParams = k.kernelParams;
  p.kernel.extra = nullptr;
  return p;
}

LaunchAttributes launch_attributes(const ir::Graph& graph, const ir::LaunchAttributes& launch,
                                   const std::vector<void*>& buffers) {
  LaunchAttributes out;
  out.has_priority = launch.priority.has_value();
  out.priority = launch.priority.value_or(0);
  out.cluster = launch.cluster;
  out.cooperative = launch.cooperative;
  out.device_updatable = launch.device_updatable;
  out.sync_domain = launch.remote_sync_domain ? (*launch.remote_sync_domain ? 1 : 0) : -1;
  out.has_carveout = launch.carveout.has_value();
  out.carveout = launch.carveout.value_or(0);
  if (launch.access_policy) {
    out.window_base = address_of(buffers, memory_place(graph, launch.access_policy->buffer, 0));
    out.window_bytes = graph.buffer(launch.access_policy->buffer).bytes();
    out.hit_ratio = static_cast<float>(launch.access_policy->hit_ratio);
  }
  return out;
}

cudaMemcpyKind memcpy_kind(ir::CopyKind kind) {
  switch (kind) {
    case ir::CopyKind::host_to_device: return cudaMemcpyHostToDevice;
    case ir::CopyKind::device_to_host: return cudaMemcpyDeviceToHost;
    case ir::CopyKind::device_to_device: return cudaMemcpyDeviceToDevice;
    case ir::CopyKind::host_to_host: return cudaMemcpyHostToHost;
    case ir::CopyKind::unified: return cudaMemcpyDefault;
  }
  return cudaMemcpyDefault;
}

cudaGraphNodeParams copy_node_params(const ir::Graph& graph, const ir::CopyNode& copy,
                                     const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches) {
  if (const std::optional<ir::PitchedCopy> box = ir::pitched_copy(graph, copy)) {
    return box_copy_params(graph, copy, *box, buffers, pitches);
  }
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::copy);
  cudaMemcpy3DParms& c = p.memcpy.copyParams;
  c.srcPtr = row(slice_pointer(graph, copy.src, buffers, pitches), copy.bytes_value);
  c.dstPtr = row(slice_pointer(graph, copy.dst, buffers, pitches), copy.bytes_value);
  c.extent = cudaExtent{copy.bytes_value, 1, 1};
  c.kind = memcpy_kind(copy.kind);
  return p;
}

cudaGraphNodeParams memset_node_params(const ir::Graph& graph, const ir::MemsetNode& memset,
                                       const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches) {
  const bool box = graph.buffer(memset.dst.id).two_d();
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::memset);
  p.memset.dst = slice_pointer(graph, memset.dst, buffers, pitches);
  p.memset.pitch = box ? pitches.at(memset.dst.id.value) : 0;
  p.memset.value = memset.value_bits;
  p.memset.elementSize = memset.element_size;
  p.memset.width = (box ? memset.dst.columns_value : memset.dst.length_value) * memset.lanes;
  p.memset.height = box ? ir::memset_rows(memset.dst) : 1;
  return p;
}

cudaGraphNodeParams host_node_params(const cudaHostNodeParams& host) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::host);
  p.host.fn = host.fn;
  p.host.userData = host.userData;
  return p;
}

cudaGraphNodeParams empty_node_params() {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::empty);
  return p;
}

cudaGraphNodeParams event_record_node_params(cudaEvent_t event) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::event_record);
  p.eventRecord.event = event;
  return p;
}

cudaGraphNodeParams event_wait_node_params(cudaEvent_t event) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::event_wait);
  p.eventWait.event = event;
  return p;
}

cudaGraphNodeParams conditional_node_params(const ir::ConditionalNode& conditional, cudaGraphConditionalHandle handle) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::conditional);
  p.conditional.handle = handle;
  switch (conditional.type) {
    case ir::ConditionalNode::Type::if_: p.conditional.type = cudaGraphCondTypeIf; break;
    case ir::ConditionalNode::Type::while_: p.conditional.type = cudaGraphCondTypeWhile; break;
    case ir::ConditionalNode::Type::switch_: p.conditional.type = cudaGraphCondTypeSwitch; break;
  }
  p.conditional.size = static_cast<unsigned>(conditional.bodies.size());
  return p;
}

cudaGraphNodeParams alloc_node_params(std::size_t bytes, int device, const std::vector<cudaMemAccessDesc>& access) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::alloc);
  p.alloc.poolProps.allocType = cudaMemAllocationTypePinned;
  p.alloc.poolProps.location.type = cudaMemLocationTypeDevice;
  p.alloc.poolProps.location.id = device;
  p.alloc.accessDescs = access.empty() ? nullptr : access.data();
  p.alloc.accessDescCount = access.size();
  p.alloc.bytesize = bytes;
  return p;
}

cudaGraphNodeParams free_node_params(void* dptr) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::free);
  p.free.dptr = dptr;
  return p;
}

cudaGraphNodeParams child_graph_node_params(cudaGraph_t graph) {
  cudaGraphNodeParams p{};
  p.type = node_type(NodeKind::child_graph);
  p.graph.graph = graph;
  p.graph.ownership = cudaGraphChildGraphOwnershipMove;
  return p;
}

cudaGraphEdgeData edge_data(ir::EdgePort port) {
  cudaGraphEdgeData e{};
  switch (port) {
    case ir::EdgePort::default_: break;
    case ir::EdgePort::programmatic:
      e.from_port = cudaGraphKernelNodePortProgrammatic;
      e.type = cudaGraphDependencyTypeProgrammatic;
      break;
    case ir::EdgePort::launch_completion:
      e.from_port = cudaGraphKernelNodePortLaunchCompletion;
      e.type = cudaGraphDependencyTypeProgrammatic;
      break;
  }
  return e;
}

}  // namespace graphc::detail

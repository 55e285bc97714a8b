#include "build/kernel_args.h"

#include <algorithm>
#include <cstring>

namespace graphc::detail {

Slot param_slot(const ir::Scalar& value) {
  Slot slot;
  const std::array<std::byte, 8> bytes = value.bytes();
  std::copy(bytes.begin(), bytes.end(), slot.bytes.begin());
  return slot;
}

Slot vector_slot(ir::ScalarType type, const std::vector<ir::Scalar>& lanes) {
  Slot slot;
  const std::size_t lane_size = ir::type_size(ir::component_type(type));
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    const std::array<std::byte, 8> lane = lanes[i].bytes();
    std::copy_n(lane.begin(), lane_size, slot.bytes.begin() + static_cast<std::ptrdiff_t>(i * lane_size));
  }
  return slot;
}

Slot param_slot(const ir::Param& param) {
  return ir::is_vector(param.type) ? vector_slot(param.type, param.folded_lanes) : param_slot(param.folded_default);
}

MemoryPlace memory_place(const ir::Graph& graph, ir::BufferId id, std::int64_t offset) {
  const ir::Graph::Storage storage = graph.storage(id);
  const auto size = static_cast<std::int64_t>(ir::type_size(graph.buffer(id).type));
  return MemoryPlace{storage.root, static_cast<std::int64_t>(storage.offset) + offset * size};
}

void* address_of(const std::vector<void*>& buffers, MemoryPlace place) {
  return static_cast<std::byte*>(buffers.at(place.root.value)) + place.bytes;
}

KernelArgs::KernelArgs(const ir::Graph& graph, const ir::KernelNode& kernel, const std::vector<void*>& buffer_pointers,
                       const std::vector<std::size_t>& pitches, const std::vector<Slot>& params,
                       const std::vector<cudaGraphConditionalHandle>& conds, const std::vector<int>& ranks,
                       const std::vector<cudaGraphDeviceNode_t>& device_nodes)
    : bytes_(kernel.args.size()) {
  const Sources from{graph, buffer_pointers, pitches, params, conds, ranks, device_nodes};
  for (std::size_t i = 0; i < kernel.args.size(); ++i) {
    const ir::KernelArg& arg = kernel.args[i];
    if (arg.kind != ir::KernelArg::Kind::aggregate) {
      bytes_[i].resize(sizeof(Slot));
      add(i, 0, arg, from);
      continue;
    }
    bytes_[i].resize(arg.struct_size);  // padding stays zero
    for (const ir::KernelArg& field : arg.fields) add(i, field.field_offset, field, from);
  }
  for (std::vector<std::byte>& arg : bytes_) pointers_.push_back(arg.data());
}

void KernelArgs::add(std::size_t arg, std::size_t at, const ir::KernelArg& value, const Sources& from) {
  Value v{arg, at, sizeof(void*), {}, {}, 0, {}, {}};
  switch (value.kind) {
    case ir::KernelArg::Kind::buffer: {
      const MemoryPlace place = memory_place(from.graph, value.buffer, value.offset);
      v.buffer = place.root;
      v.byte_offset = place.bytes;
      void* pointer = address_of(from.buffer_pointers, place);
      write(v, &pointer);
      break;
    }
    case ir::KernelArg::Kind::param:
      v.param = value.param;
      v.size = ir::type_size(from.graph.param(value.param).type);
      write(v, from.params.at(value.param.value).bytes.data());
      break;
    case ir::KernelArg::Kind::value:
      v.size = ir::type_size(value.value.type);
      write(v, value.value.bytes().data());
      break;
    case ir::KernelArg::Kind::graph_exec:
      v.graph = value.graph_id;
      graph_execs_.push_back(value.graph_id);
      break;
    case ir::KernelArg::Kind::device_node:
      v.node = value.node_id;
      device_nodes_.push_back(value.node_id);
      write(v, &from.device_nodes.at(value.node_id.value));
      break;
    case ir::KernelArg::Kind::cond: {
      const cudaGraphConditionalHandle handle = from.conds.at(value.cond.value);
      static_assert(sizeof(handle) == sizeof(void*));
      write(v, &handle);
      break;
    }
    case ir::KernelArg::Kind::pitch: {
      const std::size_t pitch = from.pitches.at(value.buffer.value);
      static_assert(sizeof(pitch) == sizeof(void*));
      write(v, &pitch);
      break;
    }
    case ir::KernelArg::Kind::rank:
      v.size = sizeof(int);
      write(v, &from.ranks.at(value.comm.value));
      break;
    case ir::KernelArg::Kind::null_pointer:  // zeros
    case ir::KernelArg::Kind::aggregate:     // never a field
    case ir::KernelArg::Kind::comm:          // a collective's only
    case ir::KernelArg::Kind::unresolved: break;
  }
  values_.push_back(v);
}

bool KernelArgs::uses(ir::ParamId id) const {
  return std::any_of(values_.begin(), values_.end(), [&](const Value& v) { return v.param == id; });
}

void KernelArgs::set_param(ir::ParamId id, const Slot& value) {
  for (const Value& v : values_) {
    if (v.param == id) write(v, value.bytes.data());
  }
}

bool KernelArgs::uses(ir::BufferId id) const {
  return std::any_of(values_.begin(), values_.end(), [&](const Value& v) { return v.buffer == id; });
}

void KernelArgs::set_buffer(ir::BufferId id, void* base) {
  for (const Value& v : values_) {
    if (v.buffer != id) continue;
    void* pointer = static_cast<std::byte*>(base) + v.byte_offset;
    write(v, &pointer);
  }
}

void KernelArgs::set_graph_exec(ir::GraphId id, cudaGraphExec_t exec) {
  for (const Value& v : values_) {
    if (v.graph == id) write(v, &exec);
  }
}

void KernelArgs::set_device_node(ir::NodeId id, cudaGraphDeviceNode_t handle) {
  for (const Value& v : values_) {
    if (v.node == id) write(v, &handle);
  }
}

}  // namespace graphc::detail

#include "kernel_args.h"

#include <algorithm>
#include <cstring>

namespace graphc::detail {

Slot param_slot(const ir::Scalar& value) { return Slot{value.bytes()}; }

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
                       const std::vector<cudaGraphConditionalHandle>& conds)
    : slots_(kernel.args.size()),
      params_(kernel.args.size()),
      buffers_(kernel.args.size()),
      byte_offsets_(kernel.args.size()),
      graph_per_arg_(kernel.args.size()) {
  for (std::size_t i = 0; i < kernel.args.size(); ++i) {
    const ir::KernelArg& arg = kernel.args[i];
    switch (arg.kind) {
      case ir::KernelArg::Kind::buffer: {
        const MemoryPlace place = memory_place(graph, arg.buffer, arg.offset);
        buffers_[i] = place.root;
        byte_offsets_[i] = place.bytes;
        void* pointer = address_of(buffer_pointers, place);
        std::memcpy(slots_[i].bytes.data(), &pointer, sizeof(pointer));
        break;
      }
      case ir::KernelArg::Kind::param:
        slots_[i] = params.at(arg.param.value);
        params_[i] = arg.param;
        break;
      case ir::KernelArg::Kind::value:
        slots_[i] = Slot{arg.value.bytes()};
        break;
      case ir::KernelArg::Kind::graph_exec:
        graph_per_arg_[i] = arg.graph_id;
        graph_execs_.push_back(arg.graph_id);
        break;
      case ir::KernelArg::Kind::cond: {
        const cudaGraphConditionalHandle handle = conds.at(arg.cond.value);
        static_assert(sizeof(handle) <= sizeof(Slot));
        std::memcpy(slots_[i].bytes.data(), &handle, sizeof(handle));
        break;
      }
      case ir::KernelArg::Kind::pitch: {
        const std::size_t pitch = pitches.at(arg.buffer.value);
        static_assert(sizeof(pitch) <= sizeof(Slot));
        std::memcpy(slots_[i].bytes.data(), &pitch, sizeof(pitch));
        break;
      }
      case ir::KernelArg::Kind::null_pointer:  // the slot's zeros
      case ir::KernelArg::Kind::unresolved:
        break;
    }
  }
  for (Slot& slot : slots_) pointers_.push_back(slot.bytes.data());
}

bool KernelArgs::uses(ir::ParamId id) const { return std::find(params_.begin(), params_.end(), id) != params_.end(); }

void KernelArgs::set_param(ir::ParamId id, const Slot& value) {
  for (std::size_t i = 0; i < params_.size(); ++i) {
    if (params_[i] == id) slots_[i] = value;
  }
}

bool KernelArgs::uses(ir::BufferId id) const {
  return std::find(buffers_.begin(), buffers_.end(), id) != buffers_.end();
}

void KernelArgs::set_buffer(ir::BufferId id, void* base) {
  for (std::size_t i = 0; i < buffers_.size(); ++i) {
    if (buffers_[i] != id) continue;
    void* pointer = static_cast<std::byte*>(base) + byte_offsets_[i];
    std::memcpy(slots_[i].bytes.data(), &pointer, sizeof(pointer));
  }
}

void KernelArgs::set_graph_exec(ir::GraphId id, cudaGraphExec_t exec) {
  for (std::size_t i = 0; i < graph_per_arg_.size(); ++i) {
    if (graph_per_arg_[i] == id) std::memcpy(slots_[i].bytes.data(), &exec, sizeof(exec));
  }
}

}  // namespace graphc::detail

#include "build/host_args.h"

#include <algorithm>
#include <cstring>

namespace graphc::detail {

void CUDART_CB HostBlock::run(void* self) {
  const HostBlock& block = *static_cast<const HostBlock*>(self);
  block.function.invoke(block.function.function, block.storage.data(), block.function.user_data);
}

HostArgs::HostArgs(const ir::Graph& graph, const ir::HostNode& host, const Bindings::BoundHost& function,
                   const std::vector<void*>& buffer_pointers, const std::vector<Slot>& params)
    : layout_(ir::host_args_layout(graph, host)),
      function_(function),
      params_(host.args.size()),
      buffers_(host.args.size()),
      byte_offsets_(host.args.size()) {
  if (function.invoke == nullptr) return;
  current_ = std::make_unique<HostBlock>();
  current_->function = function;
  current_->storage.resize((layout_.size + sizeof(Slot) - 1) / sizeof(Slot));
  auto* bytes = reinterpret_cast<std::byte*>(current_->storage.data());
  for (std::size_t i = 0; i < host.args.size(); ++i) {
    const ir::KernelArg& arg = host.args[i];
    const ir::HostArgField& field = layout_.fields[i];
    switch (arg.kind) {
      case ir::KernelArg::Kind::buffer: {  // a view's memory is its root's, at the view's offset
        const MemoryPlace place = memory_place(graph, arg.buffer, arg.offset);
        buffers_[i] = place.root;
        byte_offsets_[i] = place.bytes;
        void* pointer = address_of(buffer_pointers, place);
        std::memcpy(bytes + field.offset, &pointer, sizeof(pointer));
        break;
      }

      case ir::KernelArg::Kind::param:
        params_[i] = arg.param;
        std::memcpy(bytes + field.offset, params.at(arg.param.value).bytes.data(), field.size);
        break;
      case ir::KernelArg::Kind::value: std::memcpy(bytes + field.offset, arg.value.bytes().data(), field.size); break;
      case ir::KernelArg::Kind::null_pointer:  // the validator lets none of these through
      case ir::KernelArg::Kind::cond:
      case ir::KernelArg::Kind::graph_exec:
      case ir::KernelArg::Kind::device_node:
      case ir::KernelArg::Kind::pitch:
      case ir::KernelArg::Kind::aggregate:
      case ir::KernelArg::Kind::comm:
      case ir::KernelArg::Kind::rank:
      case ir::KernelArg::Kind::unresolved: break;
    }
  }
}

cudaHostNodeParams HostArgs::params() const {
  if (!current_) return {function_.fn, function_.user_data};
  return {&HostBlock::run, current_.get()};
}

bool HostArgs::same_call(const HostArgs& other) const {
  const Bindings::BoundHost& a = function_;
  const Bindings::BoundHost& b = other.function_;
  if (a.fn != b.fn || a.user_data != b.user_data || a.invoke != b.invoke || a.function != b.function) return false;
  if (!current_ || !other.current_) return !current_ && !other.current_;
  return current_->storage == other.current_->storage;
}

bool HostArgs::uses(ir::ParamId id) const {
  return current_ && std::find(params_.begin(), params_.end(), id) != params_.end();
}

void HostArgs::set_param(ir::ParamId id, const Slot& value) {
  auto* bytes = reinterpret_cast<std::byte*>(renew().storage.data());
  for (std::size_t i = 0; i < params_.size(); ++i) {
    if (params_[i] == id) std::memcpy(bytes + layout_.fields[i].offset, value.bytes.data(), layout_.fields[i].size);
  }
}

bool HostArgs::uses(ir::BufferId id) const {
  return current_ && std::find(buffers_.begin(), buffers_.end(), id) != buffers_.end();
}

void HostArgs::set_buffer(ir::BufferId id, void* base) {
  auto* bytes = reinterpret_cast<std::byte*>(renew().storage.data());
  for (std::size_t i = 0; i < buffers_.size(); ++i) {
    if (buffers_[i] != id) continue;
    void* pointer = static_cast<std::byte*>(base) + byte_offsets_[i];
    std::memcpy(bytes + layout_.fields[i].offset, &pointer, sizeof(pointer));
  }
}

void HostArgs::keep(HostArgs&& older) {
  for (std::unique_ptr<HostBlock>& block : older.retired_) retired_.push_back(std::move(block));
  if (older.current_) retired_.push_back(std::move(older.current_));
}

HostBlock& HostArgs::renew() {
  auto next = std::make_unique<HostBlock>(*current_);
  retired_.push_back(std::move(current_));
  current_ = std::move(next);
  return *current_;
}

}  // namespace graphc::detail

#include "kernel_args.h"

#include <algorithm>
#include <cstring>

namespace graphc::detail {

Slot param_slot(const ir::Scalar& value) { return Slot{value.bytes()}; }

std::int64_t byte_offset(const ir::Buffer& buffer, std::int64_t offset) {
  return offset * static_cast<std::int64_t>(ir::type_size(buffer.type));
}

KernelArgs::KernelArgs(const ir::Graph& graph, const ir::KernelNode& kernel, const std::vector<void*>& buffer_pointers,
                       const std::vector<Slot>& params, const std::vector<cudaGraphConditionalHandle>& conds)
    : bytes_(kernel.args.size()) {
  for (std::size_t i = 0; i < kernel.args.size(); ++i) {
    const ir::KernelArg& arg = kernel.args[i];
    if (arg.kind != ir::KernelArg::Kind::aggregate) {
      bytes_[i].resize(sizeof(Slot));
      add(i, 0, graph, arg, buffer_pointers, params, conds);
      continue;
    }
    bytes_[i].resize(arg.struct_size);  // padding stays zero
    for (const ir::KernelArg& field : arg.fields) add(i, field.field_offset, graph, field, buffer_pointers, params, conds);
  }
  for (std::vector<std::byte>& arg : bytes_) pointers_.push_back(arg.data());
}

void KernelArgs::add(std::size_t arg, std::size_t at, const ir::Graph& graph, const ir::KernelArg& value,
                     const std::vector<void*>& buffer_pointers, const std::vector<Slot>& params,
                     const std::vector<cudaGraphConditionalHandle>& conds) {
  Value v{arg, at, sizeof(void*), {}, {}, 0, {}};
  switch (value.kind) {
    case ir::KernelArg::Kind::buffer: {
      v.buffer = value.buffer;
      v.byte_offset = byte_offset(graph.buffer(value.buffer), value.offset);
      void* pointer = static_cast<std::byte*>(buffer_pointers.at(value.buffer.value)) + v.byte_offset;
      write(v, &pointer);
      break;
    }
    case ir::KernelArg::Kind::param:
      v.param = value.param;
      v.size = ir::type_size(graph.param(value.param).type);
      write(v, params.at(value.param.value).bytes.data());
      break;
    case ir::KernelArg::Kind::value:
      v.size = ir::type_size(value.value.type);
      write(v, value.value.bytes().data());
      break;
    case ir::KernelArg::Kind::graph_exec:
      v.graph = value.graph_id;
      graph_execs_.push_back(value.graph_id);
      break;
    case ir::KernelArg::Kind::cond: {
      const cudaGraphConditionalHandle handle = conds.at(value.cond.value);
      static_assert(sizeof(handle) == sizeof(void*));
      write(v, &handle);
      break;
    }
    case ir::KernelArg::Kind::null_pointer:  // zeros
    case ir::KernelArg::Kind::aggregate:     // never a field
    case ir::KernelArg::Kind::unresolved:
      break;
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

}  // namespace graphc::detail

#include "ir/host_args.h"

#include <algorithm>

#include <fmt/format.h>

namespace graphc::ir {

HostArgsLayout host_args_layout(const Graph& graph, const HostNode& host) {
  HostArgsLayout out;
  std::uint32_t end = 0;
  for (const KernelArg& arg : host.args) {
    HostArgField field;
    switch (arg.kind) {
      case KernelArg::Kind::buffer:
        field.pointer = true;
        field.type = graph.buffer(arg.buffer).type;
        break;
      case KernelArg::Kind::param: field.type = graph.param(arg.param).type; break;
      case KernelArg::Kind::value: field.type = arg.value.type; break;
      case KernelArg::Kind::unresolved:    // refused by the validator: no block is built
      case KernelArg::Kind::null_pointer:  // a host node's arguments are expressions
      case KernelArg::Kind::cond:
      case KernelArg::Kind::graph_exec:
      case KernelArg::Kind::device_node:
      case KernelArg::Kind::pitch:      // a kernel's only (E0242)
      case KernelArg::Kind::aggregate:  // a kernel's only (the grammar reads `S{...}` in kernel arguments)
      case KernelArg::Kind::comm:       // a collective's only
      case KernelArg::Kind::rank:       // a kernel's only
        break;
    }
    field.size = field.pointer ? 8 : static_cast<std::uint32_t>(type_size(field.type));
    // A vector of 3 lanes is aligned to its component (float3: 4), every other type to its size.
    const auto alignment = static_cast<std::uint32_t>(field.pointer ? 8 : type_alignment(field.type));
    field.offset = (end + alignment - 1) / alignment * alignment;
    end = field.offset + field.size;
    out.alignment = std::max(out.alignment, alignment);
    out.fields.push_back(field);
  }
  out.size = (end + out.alignment - 1) / out.alignment * out.alignment;
  return out;
}

std::string host_arg_cpp_type(const HostArgField& field) {
  if (field.pointer) return fmt::format("{}*", cpp_type_name(field.type));
  return std::string(cpp_type_name(field.type));
}

std::string host_args_signature(const HostArgsLayout& layout) {
  std::vector<std::string> types;
  for (const HostArgField& field : layout.fields) types.push_back(host_arg_cpp_type(field));
  return fmt::format("{}", fmt::join(types, ", "));
}

}  // namespace graphc::ir

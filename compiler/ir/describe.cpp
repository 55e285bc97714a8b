#include "ir/describe.h"

#include <variant>

#include <fmt/format.h>

#include "ir/collective_order.h"

namespace graphc::ir {

std::string_view space_description(MemorySpace space) {
  switch (space) {
    case MemorySpace::device: return "device memory";
    case MemorySpace::host: return "pinned host memory";
    case MemorySpace::managed: return "managed memory";
    case MemorySpace::pageable: return "pageable host memory";
  }
  return {};
}

std::string resolved_arg_text(const Graph& graph, const KernelArg& arg) {
  switch (arg.kind) {
    case KernelArg::Kind::buffer:
      return arg.offset == 0 ? graph.buffer(arg.buffer).name
                             : fmt::format("{} + {}", graph.buffer(arg.buffer).name, arg.offset);
    case KernelArg::Kind::param: return graph.param(arg.param).name;
    case KernelArg::Kind::value: return arg.value.text();
    case KernelArg::Kind::null_pointer: return "nullptr";
    case KernelArg::Kind::pitch: return fmt::format("pitch({})", graph.buffer(arg.buffer).name);
    case KernelArg::Kind::cond: return graph.cond(arg.cond).name;
    case KernelArg::Kind::graph_exec: return "@" + arg.graph;
    case KernelArg::Kind::device_node: return "&" + arg.node;
    case KernelArg::Kind::comm: return graph.comm(arg.comm).name;
    case KernelArg::Kind::rank: return fmt::format("rank({})", graph.comm(arg.comm).name);
    case KernelArg::Kind::aggregate:
      return fmt::format("{}{{{}}}", arg.struct_name, resolved_args_text(graph, arg.fields));
    case KernelArg::Kind::unresolved: break;
  }
  return "?";
}

std::string resolved_args_text(const Graph& graph, const std::vector<KernelArg>& args) {
  std::string text;
  for (const KernelArg& arg : args) {
    if (!text.empty()) text += ", ";
    text += resolved_arg_text(graph, arg);
  }
  return text;
}

std::string folded_slice_text(const Graph& graph, const BufferSlice& slice) {
  const Buffer& buffer = graph.buffer(slice.id);
  const bool rows = slice.offset_value == 0 && slice.length_value == buffer.count_value;
  if (!buffer.two_d()) {
    return rows ? buffer.name : fmt::format("{}[{}:{}]", buffer.name, slice.offset_value, slice.length_value);
  }
  const bool slices = slice.z_value == 0 && slice.slices() == buffer.slices();
  if (slices && rows && slice.column_value == 0 && slice.columns_value == buffer.width_value) return buffer.name;
  const std::string z = buffer.three_d() ? fmt::format("{}:{}, ", slice.z_value, slice.depth_value) : std::string();
  return fmt::format("{}[{}{}:{}, {}:{}]", buffer.name, z, slice.offset_value, slice.length_value, slice.column_value,
                     slice.columns_value);
}

std::string collectives_order_text(const Module& module, const Graph& graph, const CreationOrder& order, CommId comm) {
  std::string out;
  for (const NodeId id : collectives_in_order(module, graph, order, comm)) {
    if (!out.empty()) out += ", then ";
    const Node& node = graph.node(id);
    out += std::holds_alternative<ChildGraphNode>(node.op) ? "call '" + node.name + "'" : "'" + node.name + "'";
  }
  return out;
}

}  // namespace graphc::ir

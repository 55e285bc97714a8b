#include "ir/describe.h"

#include <fmt/format.h>

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
    case KernelArg::Kind::cond:
    case KernelArg::Kind::graph_exec:
    case KernelArg::Kind::aggregate:  // only kernel nodes pass structs
    case KernelArg::Kind::unresolved: break;
  }
  return "?";
}

}  // namespace graphc::ir

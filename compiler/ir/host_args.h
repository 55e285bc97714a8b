// The argument block of a host node: its arguments laid out as a C struct of their types,
// in order, as the C ABI of the x86-64 and AArch64 hosts CUDA targets lays one out (each
// field at the next multiple of its alignment, the size a multiple of the largest). Both
// back ends build it this way, so one host function serves the runtime and generated code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace graphc::ir {

/// One field of the block: a buffer's pointer or a scalar.
struct HostArgField {
  bool pointer = false;               // a pointer to `type`
  ScalarType type = ScalarType::i32;  // a scalar's type; a buffer's element type
  std::uint32_t offset = 0;           // bytes from the start of the block
  std::uint32_t size = 0;             // 8 for a pointer, type_size(type) for a scalar
};

/// A host node's argument block: a field per argument, its size and alignment (0 and 1 for
/// a node without arguments).
struct HostArgsLayout {
  std::vector<HostArgField> fields;
  std::uint32_t size = 0;
  std::uint32_t alignment = 1;
};

/// The layout of `host`'s resolved arguments; `graph` is the graph that holds the node.
HostArgsLayout host_args_layout(const Graph& graph, const HostNode& host);

/// A field's C++ type as the generated code and the runtime's messages spell it: `float*`
/// (a buffer of f32), `std::int32_t`, `double`.
std::string host_arg_cpp_type(const HostArgField& field);

/// The C++ types of a layout's fields: "float*, float, std::int32_t"; empty for none.
std::string host_args_signature(const HostArgsLayout& layout);

}  // namespace graphc::ir

#include "backend/cpp/memory_ops.h"

#include <string_view>
#include <variant>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/node_config.h"
#include "backend/text/expr_text.h"
#include "ir/describe.h"
#include "ir/pitched_copy.h"

namespace graphc::backend {
namespace {

std::string_view memcpy_kind(ir::CopyKind kind) {
  switch (kind) {
    case ir::CopyKind::host_to_device: return "cudaMemcpyHostToDevice";
    case ir::CopyKind::device_to_host: return "cudaMemcpyDeviceToHost";
    case ir::CopyKind::device_to_device: return "cudaMemcpyDeviceToDevice";
    case ir::CopyKind::host_to_host: return "cudaMemcpyHostToHost";
    case ir::CopyKind::unified: return "cudaMemcpyDefault";
  }
  return {};
}

std::string_view describe_kind(ir::CopyKind kind) {
  switch (kind) {
    case ir::CopyKind::host_to_device: return "host to device";
    case ir::CopyKind::device_to_host: return "device to host";
    case ir::CopyKind::device_to_device: return "device to device";
    case ir::CopyKind::host_to_host: return "host to host";
    case ir::CopyKind::unified: return "direction from the pointers";
  }
  return {};
}

// `b.buf` or `b.buf + offset` (`nodes.NAME_dptr` for an alloc's memory): the first
// element of a slice; `first` is the offset's C++ expression for a configured node.
std::string slice_pointer(const GraphContext& context, const ir::BufferSlice& slice, const std::string& first = {}) {
  const std::string& pointer = context.names.pointers.at(slice.id.value);
  if (!first.empty()) return fmt::format("{} + {}", pointer, first);
  return slice.offset_value == 0 ? pointer : fmt::format("{} + {}", pointer, slice.offset_value);
}

}  // namespace

std::string copy_summary(const GraphContext& context, const ir::Node& node) {
  const auto& copy = std::get<ir::CopyNode>(node.op);
  if (configured(node)) {
    return fmt::format("copy {} <- {}{} ({}, configured by params)", escape(slice_text(copy.dst)),
                       escape(slice_text(copy.src)), copy.bytes ? " bytes " + escape(expr_text(*copy.bytes)) : "",
                       describe_kind(copy.kind));
  }
  return fmt::format("copy {} <- {} ({} bytes, {})", escape(ir::folded_slice_text(context.graph, copy.dst)),
                     escape(ir::folded_slice_text(context.graph, copy.src)), copy.bytes_value,
                     describe_kind(copy.kind));
}

std::string memset_summary(const GraphContext& context, const ir::Node& node) {
  const auto& memset = std::get<ir::MemsetNode>(node.op);
  if (configured(node)) {
    return fmt::format("memset {} = {} ({}-byte elements, configured by params)", escape(slice_text(memset.dst)),
                       escape(expr_text(memset.value)), memset.element_size);
  }
  return fmt::format("memset {} = 0x{:0{}x}u ({}-byte elements)",
                     escape(ir::folded_slice_text(context.graph, memset.dst)), memset.value_bits,
                     memset.element_size * 2, memset.element_size);
}

// A copy of a box (ir::pitched_copy): both sides' pitched pointers (a box's whole buffer,
// or a 1-D slice as dense rows) and positions (x in bytes), the box's extent.
void write_box_copy(CodeWriter& out, const GraphContext& context, const ir::CopyNode& copy,
                    const ir::PitchedCopy& box) {
  for (const auto& [name, side, slice] :
       {std::tuple{"src", &box.src, &copy.src}, std::tuple{"dst", &box.dst, &copy.dst}}) {
    const std::string& pointer = context.names.pointers.at(side->buffer.value);
    const std::string first = side->flat ? slice_pointer(context, *slice) : pointer;
    const std::string pitch = side->flat ? std::to_string(side->pitch) : pointer + "_pitch";
    out.line(fmt::format("p.memcpy.copyParams.{}Ptr = make_cudaPitchedPtr({}, {}, {}, {});", name, first, pitch,
                         side->xsize, side->ysize));
    out.line(fmt::format("p.memcpy.copyParams.{}Pos = make_cudaPos({}, {}, {});", name, side->x, side->y, side->z));
  }
  out.line(fmt::format("p.memcpy.copyParams.extent = make_cudaExtent({}, {}, {});", box.width_bytes, box.height,
                       box.depth));
  out.line(fmt::format("p.memcpy.copyParams.kind = {};", memcpy_kind(copy.kind)));
}

void write_copy_params(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes.at(index);
  const auto& copy = std::get<ir::CopyNode>(node.op);
  out.line(fmt::format("graphc::NodeParams p({}, {});", string_literal(node.name),
                       context.location_literal(node.name_range)));
  out.line("p.type = cudaGraphNodeTypeMemcpy;");
  if (const std::optional<ir::PitchedCopy> box = ir::pitched_copy(context.graph, copy)) {
    write_box_copy(out, context, copy, *box);
    return;
  }
  std::string src = slice_pointer(context, copy.src);
  std::string dst = slice_pointer(context, copy.dst);
  std::string bytes = std::to_string(copy.bytes_value);
  if (configured(node)) {
    out.line(fmt::format("const graphc::config::Copy config = {};", config_call(context, index)));
    src = slice_pointer(context, copy.src, "config.src.first");
    dst = slice_pointer(context, copy.dst, "config.dst.first");
    bytes = "config.bytes";
  }
  out.line(fmt::format("p.memcpy.copyParams.srcPtr = make_cudaPitchedPtr({}, {}, {}, 1);", src, bytes, bytes));
  out.line(fmt::format("p.memcpy.copyParams.dstPtr = make_cudaPitchedPtr({}, {}, {}, 1);", dst, bytes, bytes));
  out.line(fmt::format("p.memcpy.copyParams.extent = make_cudaExtent({}, 1, 1);", bytes));
  out.line(fmt::format("p.memcpy.copyParams.kind = {};", memcpy_kind(copy.kind)));
}

void write_memset_params(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes.at(index);
  const auto& memset = std::get<ir::MemsetNode>(node.op);
  std::string dst = slice_pointer(context, memset.dst);
  std::string value = fmt::format("0x{:0{}x}u", memset.value_bits, memset.element_size * 2);
  std::string width = std::to_string(memset.dst.length_value);
  std::string pitch;
  std::size_t height = 1;
  if (context.graph.buffer(memset.dst.id).two_d()) {
    const std::string& pointer = context.names.pointers.at(memset.dst.id.value);
    pitch = pointer + "_pitch";
    dst = fmt::format("graphc::pitched_element({}, {}, {}, {})", pointer, pitch,
                      ir::first_row(context.graph, memset.dst), memset.dst.column_value);
    width = std::to_string(memset.dst.columns_value);
    height = ir::memset_rows(memset.dst);
  }
  if (configured(node)) {
    out.line(fmt::format("const graphc::config::Memset config = {};", config_call(context, index)));
    value = "config.value";
    if (pitch.empty()) {  // a box's bounds are constants: only its value is configured
      dst = slice_pointer(context, memset.dst, "config.dst.first");
      width = "config.dst.length";
    }
  }
  out.line(fmt::format("graphc::NodeParams p({}, {});", string_literal(node.name),
                       context.location_literal(node.name_range)));
  out.line("p.type = cudaGraphNodeTypeMemset;");
  out.line(fmt::format("p.memset.dst = {};", dst));
  out.line(fmt::format("p.memset.value = {};", value));
  out.line(fmt::format("p.memset.elementSize = {};", memset.element_size));
  if (!pitch.empty()) out.line(fmt::format("p.memset.pitch = {};", pitch));
  if (memset.lanes > 1) {  // every lane of a vector buffer's elements
    out.line(fmt::format("p.memset.width = {} * {};  // {} lanes per {}", width, memset.lanes, memset.lanes,
                         ir::type_name(context.graph.buffer(memset.dst.id).type)));
  } else {
    out.line(fmt::format("p.memset.width = {};", width));
  }
  out.line(fmt::format("p.memset.height = {};", height));
}

}  // namespace graphc::backend

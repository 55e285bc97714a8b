#include "ir/pitched_copy.h"

namespace graphc::ir {
namespace {

// A 2-D or 3-D buffer's side: its whole memory, and the box's corner in it.
PitchedSide box_side(const Graph& graph, const BufferSlice& box) {
  const Buffer& buffer = graph.buffer(box.id);
  PitchedSide side;
  side.buffer = box.id;
  side.xsize = buffer.row_bytes();
  side.ysize = buffer.count_value;
  side.x = box.column_value * type_size(buffer.type);
  side.y = box.offset_value;
  side.z = box.z_value;
  return side;
}

// A 1-D buffer's side: the slice, dense rows as wide as the other side's box, as many rows
// a slice as the box has.
PitchedSide flat_side(const Graph& graph, const BufferSlice& slice, const BufferSlice& box) {
  const Buffer& buffer = graph.buffer(slice.id);
  PitchedSide side;
  side.buffer = slice.id;
  side.flat = true;
  side.offset = slice.offset_value;
  side.pitch = box.columns_value * type_size(buffer.type);
  side.xsize = side.pitch;
  side.ysize = box.length_value;
  return side;
}

}  // namespace

bool is_box_copy(const Graph& graph, const CopyNode& copy) {
  return graph.buffer(copy.src.id).two_d() || graph.buffer(copy.dst.id).two_d();
}

std::optional<PitchedCopy> pitched_copy(const Graph& graph, const CopyNode& copy) {
  if (!is_box_copy(graph, copy)) return std::nullopt;
  const bool src_box = graph.buffer(copy.src.id).two_d();
  const bool dst_box = graph.buffer(copy.dst.id).two_d();
  const BufferSlice& box = src_box ? copy.src : copy.dst;
  PitchedCopy out;
  out.src = src_box ? box_side(graph, copy.src) : flat_side(graph, copy.src, box);
  out.dst = dst_box ? box_side(graph, copy.dst) : flat_side(graph, copy.dst, box);
  out.width_bytes = box.columns_value * type_size(graph.buffer(box.id).type);
  out.height = box.length_value;
  out.depth = box.slices();
  return out;
}

std::uint64_t first_row(const Graph& graph, const BufferSlice& box) {
  return box.z_value * graph.buffer(box.id).count_value + box.offset_value;
}

std::uint64_t memset_rows(const BufferSlice& box) { return box.length_value * box.slices(); }

}  // namespace graphc::ir

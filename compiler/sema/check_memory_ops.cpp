// Copies and memsets: their buffer slices (in elements, within bounds, not empty) and the
// boxes of 2-D and 3-D buffers, the bytes a copy moves (between boxes, or between a box and
// a 1-D slice of dense rows) and its direction from the buffers' memory spaces, and the value
// a memset writes, in the representation of the buffer's element type. Params may appear in
// 1-D slice bounds, copy sizes and memset values (node_config.h): the checks run again on
// every new value.
#include <cstddef>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "ir/pitched_copy.h"
#include "sema/arithmetic.h"
#include "sema/node_config.h"
#include "sema/passes.h"
#include "sema/placement.h"

namespace graphc::sema {
namespace {

using ir::BufferSlice;
using ir::MemorySpace;
using ir::Scalar;

// The buffer a copy or memset names. A copy end that is not a buffer has no memory space
// (E0208); a memset target that is not a buffer is simply the wrong kind of name (E0104).
bool resolve_buffer(GraphContext& ctx, const ir::Node& node, BufferSlice& slice, bool is_copy) {
  const std::optional<Entity> entity = ctx.scope.find(slice.buffer);
  if (!entity) {
    report_unknown(ctx.diags, ctx.scope, DiagCode::unknown_name, slice.name_range, slice.buffer,
                   {Entity::Kind::buffer});
    return false;
  }
  if (entity->kind != Entity::Kind::buffer) {
    if (is_copy) {
      ctx.diags
          .report(DiagCode::copy_direction, slice.name_range, node.name,
                  fmt::format("'{}' is a {}, not a buffer, so the copy has no memory space", slice.buffer,
                              ctx.scope.describe(*entity)))
          .note<NoteCode::declared_here>(ctx.scope.declaration(*entity), slice.buffer);
    } else {
      report_wrong_kind(ctx.diags, ctx.scope, slice.name_range, slice.buffer, *entity, "buffer");
    }
    return false;
  }
  slice.id = ir::BufferId{entity->index};
  const ir::Buffer& buffer = ctx.graph.buffer(slice.id);
  if (slice.offset && slice.ranges() != buffer.rank()) {
    static constexpr std::string_view kRanges[] = {"", "one range", "two ranges", "three ranges"};
    ctx.diags.report(DiagCode::slice_rank, slice.range, kRanges[slice.ranges()], buffer.name, buffer.rank())
        .note<NoteCode::declared_here>(buffer.name_range, buffer.name);
    return false;
  }
  return true;
}

// A folded slice bound as an element index; false when negative.
bool as_index(const Scalar& value, std::uint64_t& out) {
  if (ir::is_signed(value.type) && value.integer < 0) return false;
  out = static_cast<std::uint64_t>(value.integer);
  return true;
}

// One dimension's [offset:length] folded against `count` elements (the rest of them by
// default): whether it folded and whether it lies inside.
struct Range {
  std::optional<Scalar> offset;
  std::optional<Scalar> length;
  std::uint64_t first = 0;
  std::uint64_t size = 0;
  bool folded = true;
  bool inside = true;
  std::string offset_text() const { return offset ? offset->text() : ""; }
  std::string length_text() const { return length ? length->text() : ""; }
};

Range fold_range(const ConfigContext& ctx, const NonConstantHandler& params, const ir::OptionalExpr& offset,
                 const ir::OptionalExpr& length, std::uint64_t count) {
  Range r;
  if (offset) r.folded &= (r.offset = ctx.folder.fold_integer(*offset, "slice offset", params)).has_value();
  if (length) r.folded &= (r.length = ctx.folder.fold_integer(*length, "slice length", params)).has_value();
  if (!r.folded) return r;
  r.inside = (!r.offset || as_index(*r.offset, r.first)) && r.first <= count;
  if (r.inside && r.length) {
    r.inside = as_index(*r.length, r.size) && r.size <= count - r.first;
  } else if (r.inside) {
    r.size = count - r.first;
  }
  return r;
}

// A 3-D box's slices must be one run of pitched rows for a memset node, which is 2-D
// (E0252): one slice, or every row of each slice.
bool memset_rows_run(const ConfigContext& ctx, const BufferSlice& box, const ir::Buffer& buffer) {
  if (box.depth_value <= 1 || box.length_value == buffer.count_value) return true;
  ctx.diags.report(DiagCode::memset_slices, box.range, box.depth_value, box.length_value, buffer.name,
                   buffer.count_value);
  return false;
}

// A 2-D or 3-D buffer's box: slices, rows and columns, each inside its dimension (E0240)
// and not empty. Its bounds are constants: the memcpy and memset nodes of boxes are set once.
bool fold_box(const ConfigContext& ctx, BufferSlice& slice, std::string_view op) {
  if (!ctx.buffer_ok[slice.id.value]) return false;
  const ir::Buffer& buffer = ctx.graph.buffer(slice.id);
  const Range slices = fold_range(ctx, {}, slice.z, slice.depth, buffer.slices());
  const Range rows = fold_range(ctx, {}, slice.offset, slice.length, buffer.count_value);
  const Range columns = fold_range(ctx, {}, slice.column, slice.columns, buffer.width_value);
  if (!slices.folded || !rows.folded || !columns.folded) return false;
  bool ok = true;
  for (const auto& [range, name, extent] :
       {std::tuple{&slices, "slices", buffer.slices()}, std::tuple{&rows, "rows", buffer.count_value},
        std::tuple{&columns, "columns", buffer.width_value}}) {
    if (range == &slices && !buffer.three_d()) continue;
    if (!range->inside) {
      ctx.diags.report(DiagCode::box_out_of_bounds, slice.range, name, range->offset_text(), range->length_text(),
                       buffer.name, extent, name);
      ok = false;
    } else if (range->size == 0) {
      ctx.diags.report(DiagCode::empty_slice, slice.range, range->offset_text(), range->length_text(), buffer.name, op);
      ok = false;
    }
  }
  if (!ok) return false;
  slice.z_value = slices.first;
  slice.depth_value = buffer.three_d() ? slices.size : 0;
  slice.offset_value = rows.first;
  slice.length_value = rows.size;
  slice.column_value = columns.first;
  slice.columns_value = columns.size;
  return op != "memset" || memset_rows_run(ctx, slice, buffer);
}

// Folds `slice`'s bounds into offset_value and length_value (the rest of the buffer by
// default). `op` names the CUDA node for an empty slice ("memcpy", "memset").
bool fold_bounds(const ConfigContext& ctx, const NonConstantHandler& params, BufferSlice& slice, std::string_view op) {
  if (ctx.graph.buffer(slice.id).two_d()) return fold_box(ctx, slice, op);
  const Range r = fold_range(ctx, params, slice.offset, slice.length, ctx.graph.buffer(slice.id).count_value);
  if (!r.folded || !ctx.buffer_ok[slice.id.value]) return false;
  const ir::Buffer& buffer = ctx.graph.buffer(slice.id);
  if (!r.inside) {
    ctx.diags.report(DiagCode::slice_out_of_bounds, slice.range, r.offset_text(), r.length_text(), buffer.name,
                     buffer.count_value);
    return false;
  }
  if (r.size == 0) {
    ctx.diags.report(DiagCode::empty_slice, slice.range, r.offset_text(), r.length_text(), buffer.name, op);
    return false;
  }
  slice.offset_value = r.first;
  slice.length_value = r.size;
  return true;
}

ir::CopyKind copy_kind(MemorySpace dst, MemorySpace src) {
  if (dst == MemorySpace::managed || src == MemorySpace::managed) return ir::CopyKind::unified;
  if (dst == MemorySpace::device)
    return src == MemorySpace::device ? ir::CopyKind::device_to_device : ir::CopyKind::host_to_device;
  return src == MemorySpace::device ? ir::CopyKind::device_to_host : ir::CopyKind::host_to_host;
}

struct Side {
  std::string_view role;  // "source", "destination"
  const BufferSlice& slice;
  const ir::Buffer& buffer;
  std::uint64_t bytes() const { return slice.length_value * ir::type_size(buffer.type); }
  std::string text() const { return fmt::format("{}[{}:{}]", buffer.name, slice.offset_value, slice.length_value); }
  void note(Diagnostic& d) const {
    d.note<NoteCode::slice_size>(slice.range, role, text(), slice.length_value, ir::type_name(buffer.type), bytes());
  }
};

// A box's extent in words: "R rows of B bytes", after "D slices of " in 3-D.
std::string box_extent_text(const BufferSlice& box, const ir::Buffer& buffer) {
  const std::string rows =
      fmt::format("{} rows of {} bytes", box.length_value, box.columns_value * ir::type_size(buffer.type));
  if (box.depth_value == 0) return rows;
  return fmt::format("{} slice{} of {}", box.depth_value, box.depth_value == 1 ? "" : "s", rows);
}

// A copy between boxes: both have the same slices (one for a 2-D box), rows and bytes per
// row (E0239).
bool check_box_size(const ConfigContext& ctx, const ir::Node& node, ir::CopyNode& copy, const Side& src,
                    const Side& dst) {
  const std::uint64_t src_row = copy.src.columns_value * ir::type_size(src.buffer.type);
  const std::uint64_t dst_row = copy.dst.columns_value * ir::type_size(dst.buffer.type);
  if (copy.src.slices() != copy.dst.slices() || copy.src.length_value != copy.dst.length_value || src_row != dst_row) {
    ctx.diags
        .report(DiagCode::box_extent_mismatch, node.name_range, node.name, box_extent_text(copy.src, src.buffer),
                box_extent_text(copy.dst, dst.buffer))
        .note<NoteCode::copy_box>(copy.src.range, "source")
        .note<NoteCode::copy_box>(copy.dst.range, "destination");
    return false;
  }
  copy.bytes_value = copy.src.slices() * copy.src.length_value * src_row;
  return true;
}

// A copy between a box and a 1-D slice, dense rows of the box's width: the slice holds
// exactly the box's elements (E0250); resolve_copy saw that their sizes agree.
bool check_flat_size(const ConfigContext& ctx, const ir::Node& node, ir::CopyNode& copy, const Side& box,
                     const Side& flat) {
  const std::uint64_t elements = box.slice.elements();
  if (flat.slice.length_value != elements) {
    const std::string shape =
        box.slice.depth_value != 0
            ? fmt::format("{} x {} x {}: slices x rows x columns", box.slice.depth_value, box.slice.length_value,
                          box.slice.columns_value)
            : fmt::format("{} x {}: rows x columns", box.slice.length_value, box.slice.columns_value);
    Diagnostic& d = ctx.diags.report(DiagCode::flat_box_count, node.name_range, node.name, elements, shape, flat.role,
                                     flat.text(), flat.slice.length_value);
    d.note<NoteCode::copy_box>(box.slice.range, box.role);
    flat.note(d);
    return false;
  }
  copy.bytes_value = elements * ir::type_size(box.buffer.type);
  return true;
}

// Without `bytes`, both sides must hold the same number of bytes; with it, neither side
// may hold fewer.
bool check_copy_size(const ConfigContext& ctx, const ir::Node& node, ir::CopyNode& copy,
                     std::optional<std::uint64_t> bytes) {
  const Side src{"source", copy.src, ctx.graph.buffer(copy.src.id)};
  const Side dst{"destination", copy.dst, ctx.graph.buffer(copy.dst.id)};
  if (src.buffer.two_d() && dst.buffer.two_d()) return check_box_size(ctx, node, copy, src, dst);
  if (src.buffer.two_d()) return check_flat_size(ctx, node, copy, src, dst);
  if (dst.buffer.two_d()) return check_flat_size(ctx, node, copy, dst, src);
  if (!copy.bytes) {
    if (src.bytes() != dst.bytes()) {
      Diagnostic& d = ctx.diags.report(
          DiagCode::copy_size_mismatch, node.name_range, node.name, src.bytes(),
          fmt::format("the destination '{}' holds {} bytes; slice the buffers or give `bytes` so that both sides agree",
                      dst.text(), dst.bytes()));
      src.note(d);
      dst.note(d);
      return false;
    }
    copy.bytes_value = src.bytes();
    return true;
  }
  if (*bytes == 0) {
    ctx.diags.report(DiagCode::copy_size_mismatch, copy.bytes->range, node.name, 0,
                     "a memcpy node must copy at least one byte");
    return false;
  }
  bool fits = true;
  for (const Side* side : {&src, &dst}) {
    if (*bytes <= side->bytes()) continue;
    Diagnostic& d =
        ctx.diags.report(DiagCode::copy_size_mismatch, copy.bytes->range, node.name, *bytes,
                         fmt::format("the {} '{}' holds only {} bytes", side->role, side->text(), side->bytes()));
    side->note(d);
    fits = false;
  }
  if (fits) copy.bytes_value = *bytes;
  return fits;
}

// The names a copy or memset uses, and what does not depend on values: a copy's direction
// and a memset's element size. Whether fold_node_config can run.
bool resolve_copy(GraphContext& ctx, const ir::Node& node, ir::CopyNode& copy) {
  const bool dst = resolve_buffer(ctx, node, copy.dst, true);
  const bool src = resolve_buffer(ctx, node, copy.src, true);
  if (!dst || !src) return false;
  const ir::Buffer& to = ctx.graph.buffer(copy.dst.id);
  const ir::Buffer& from = ctx.graph.buffer(copy.src.id);
  const ir::Buffer& box = to.two_d() ? to : from;
  if (box.two_d() && copy.bytes) {
    ctx.diags.report(DiagCode::two_d_use, copy.bytes->range, box.rank(), box.name, "copied with `bytes`",
                     "a box copy moves its boxes' extent; slice the boxes instead");
    return false;
  }
  // A 1-D side and a box: rows of one element size (E0251). A 2-D and a 3-D box are two
  // boxes, as CUDA sees a 2-D buffer: a 3-D one of one slice.
  if ((to.rank() == 1) != (from.rank() == 1) && ir::type_size(to.type) != ir::type_size(from.type)) {
    ctx.diags
        .report(DiagCode::flat_box_element_size, node.name_range, node.name, to.name, ir::type_size(to.type),
                ir::type_name(to.type), from.name, ir::type_size(from.type), ir::type_name(from.type))
        .note<NoteCode::declared_here>(to.name_range, to.name)
        .note<NoteCode::declared_here>(from.name_range, from.name);
    return false;
  }
  copy.kind = copy_kind(to.space, from.space);
  return true;
}

bool resolve_memset(GraphContext& ctx, const ir::Node& node, ir::MemsetNode& memset) {
  if (!resolve_buffer(ctx, node, memset.dst, false)) return false;
  const ir::Buffer& buffer = ctx.graph.buffer(memset.dst.id);
  if (buffer.space == ir::MemorySpace::pageable) {
    report_pageable_use(ctx.diags, node, "sets", buffer, memset.dst.name_range);
    return false;
  }
  // A vector buffer is set lane by lane: every lane gets the value (cudaMemsetParams::width
  // counts lanes).
  const std::size_t size = ir::type_size(ir::component_type(buffer.type));
  if (size > 4) {
    ctx.diags.report(DiagCode::bad_memset_target, memset.dst.name_range, node.name, size)
        .note<NoteCode::elements_of_type>(buffer.name_range, buffer.name, ir::type_name(buffer.type));
    return false;
  }
  memset.element_size = static_cast<std::uint32_t>(size);
  memset.lanes = static_cast<std::uint32_t>(ir::lanes(buffer.type));
  return true;
}

}  // namespace

bool fold_copy(const ConfigContext& ctx, const ir::Node& node, ir::CopyNode& copy, std::vector<ir::ParamId>& used) {
  // A box copy is set once: the bounds of a 1-D side, as a box's, are constants.
  const NonConstantHandler params =
      ir::is_box_copy(ctx.graph, copy) ? NonConstantHandler{} : ctx.folder.params_allowed(used);
  const bool dst_bounds = fold_bounds(ctx, params, copy.dst, "memcpy");
  const bool src_bounds = fold_bounds(ctx, params, copy.src, "memcpy");
  std::optional<std::uint64_t> bytes;
  if (copy.bytes) {
    const std::optional<Scalar> value = ctx.folder.fold_integer(*copy.bytes, "copy size", params);
    if (!value) return false;
    std::uint64_t count = 0;
    if (!as_index(*value, count)) {
      ctx.diags.report(DiagCode::value_out_of_range, copy.bytes->range, value->text(), "u64");
      return false;
    }
    bytes = count;
  }
  return dst_bounds && src_bounds && check_copy_size(ctx, node, copy, bytes);
}

bool fold_memset(const ConfigContext& ctx, ir::MemsetNode& memset, std::vector<ir::ParamId>& used) {
  const NonConstantHandler params = ctx.folder.params_allowed(used);
  const bool bounds = fold_bounds(ctx, params, memset.dst, "memset");
  const std::optional<Scalar> value = ctx.folder.fold(memset.value, params);
  if (!value) return false;
  const ir::Buffer& buffer = ctx.graph.buffer(memset.dst.id);
  if (!converts_exactly(*value, buffer.type)) {
    ctx.diags.report(DiagCode::memset_value_range, memset.value.range, value->text(), memset.element_size, buffer.name);
    return false;
  }
  // cudaMemsetParams::value holds the element in its low `element_size` bytes.
  const auto bytes = value->convert(buffer.type).bytes();
  std::uint32_t bits = 0;
  for (std::size_t i = 0; i < memset.element_size; ++i) bits |= std::to_integer<std::uint32_t>(bytes[i]) << (8 * i);
  memset.value_bits = bits;
  return bounds;
}

void check_memory_ops(GraphContext& ctx) {
  for (ir::Node& node : ctx.graph.nodes) {
    bool resolved = false;
    if (auto* copy = std::get_if<ir::CopyNode>(&node.op)) resolved = resolve_copy(ctx, node, *copy);
    if (auto* memset = std::get_if<ir::MemsetNode>(&node.op)) resolved = resolve_memset(ctx, node, *memset);
    if (resolved) fold_node_config(ctx.config(), node);
  }
}

}  // namespace graphc::sema

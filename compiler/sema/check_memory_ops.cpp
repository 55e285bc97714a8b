// Copies and memsets: their buffer slices (in elements, within bounds, not empty), the
// bytes a copy moves and its direction from the buffers' memory spaces, and the value a
// memset writes, in the representation of the buffer's element type. Params may appear in
// slice bounds, copy sizes and memset values (node_config.h): the checks run again on
// every new value.
#include <cstddef>
#include <string>

#include <fmt/format.h>

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
    report_unknown(ctx.diags, ctx.scope, DiagCode::unknown_name, slice.name_range, slice.buffer, {Entity::Kind::buffer});
    return false;
  }
  if (entity->kind != Entity::Kind::buffer) {
    if (is_copy) {
      ctx.diags
          .report(DiagCode::copy_direction, slice.name_range, node.name,
                  fmt::format("'{}' is a {}, not a buffer, so the copy has no memory space", slice.buffer,
                              ctx.scope.describe(*entity)))
          .note(ctx.scope.declaration(*entity), "'{}' is declared here", slice.buffer);
    } else {
      report_wrong_kind(ctx.diags, ctx.scope, slice.name_range, slice.buffer, *entity, "buffer");
    }
    return false;
  }
  slice.id = ir::BufferId{entity->index};
  return true;
}

// A folded slice bound as an element index; false when negative.
bool as_index(const Scalar& value, std::uint64_t& out) {
  if (ir::is_signed(value.type) && value.integer < 0) return false;
  out = static_cast<std::uint64_t>(value.integer);
  return true;
}

// Folds `slice`'s bounds into offset_value and length_value (the rest of the buffer by
// default). `op` names the CUDA node for an empty slice ("memcpy", "memset").
bool fold_bounds(const ConfigContext& ctx, const NonConstantHandler& params, BufferSlice& slice, std::string_view op) {
  std::optional<Scalar> offset;
  std::optional<Scalar> length;
  bool folded = true;
  if (slice.offset) folded &= (offset = ctx.folder.fold_integer(*slice.offset, "slice offset", params)).has_value();
  if (slice.length) folded &= (length = ctx.folder.fold_integer(*slice.length, "slice length", params)).has_value();
  if (!folded || !ctx.buffer_ok[slice.id.value]) return false;

  const ir::Buffer& buffer = ctx.graph.buffer(slice.id);
  const std::uint64_t count = buffer.count_value;
  std::uint64_t first = 0;
  std::uint64_t size = 0;
  bool inside = !offset || as_index(*offset, first);
  inside = inside && first <= count;
  if (inside && length) {
    inside = as_index(*length, size) && size <= count - first;
  } else if (inside) {
    size = count - first;
  }
  const std::string offset_text = offset ? offset->text() : "";
  const std::string length_text = length ? length->text() : "";
  if (!inside) {
    ctx.diags.report(DiagCode::slice_out_of_bounds, slice.range, offset_text, length_text, buffer.name, count);
    return false;
  }
  if (size == 0) {
    ctx.diags.report(DiagCode::empty_slice, slice.range, offset_text, length_text, buffer.name, op);
    return false;
  }
  slice.offset_value = first;
  slice.length_value = size;
  return true;
}

ir::CopyKind copy_kind(MemorySpace dst, MemorySpace src) {
  if (dst == MemorySpace::managed || src == MemorySpace::managed) return ir::CopyKind::unified;
  if (dst == MemorySpace::device) return src == MemorySpace::device ? ir::CopyKind::device_to_device
                                                                     : ir::CopyKind::host_to_device;
  return src == MemorySpace::device ? ir::CopyKind::device_to_host : ir::CopyKind::host_to_host;
}

struct Side {
  std::string_view role;  // "source", "destination"
  const BufferSlice& slice;
  const ir::Buffer& buffer;
  std::uint64_t bytes() const { return slice.length_value * ir::type_size(buffer.type); }
  std::string text() const {
    return fmt::format("{}[{}:{}]", buffer.name, slice.offset_value, slice.length_value);
  }
  void note(Diagnostic& d) const {
    d.note(slice.range, "the {} '{}' is {} elements of {} ({} bytes)", role, text(), slice.length_value,
           ir::type_name(buffer.type), bytes());
  }
};

// Without `bytes`, both sides must hold the same number of bytes; with it, neither side
// may hold fewer.
bool check_copy_size(const ConfigContext& ctx, const ir::Node& node, ir::CopyNode& copy,
                     std::optional<std::uint64_t> bytes) {
  const Side src{"source", copy.src, ctx.graph.buffer(copy.src.id)};
  const Side dst{"destination", copy.dst, ctx.graph.buffer(copy.dst.id)};
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
    Diagnostic& d = ctx.diags.report(DiagCode::copy_size_mismatch, copy.bytes->range, node.name, *bytes,
                                     fmt::format("the {} '{}' holds only {} bytes", side->role, side->text(),
                                                 side->bytes()));
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
  if (dst && src) copy.kind = copy_kind(ctx.graph.buffer(copy.dst.id).space, ctx.graph.buffer(copy.src.id).space);
  return dst && src;
}

bool resolve_memset(GraphContext& ctx, const ir::Node& node, ir::MemsetNode& memset) {
  if (!resolve_buffer(ctx, node, memset.dst, false)) return false;
  const ir::Buffer& buffer = ctx.graph.buffer(memset.dst.id);
  if (buffer.space == ir::MemorySpace::pageable) {
    report_pageable_use(ctx.diags, node, "sets", buffer, memset.dst.name_range);
    return false;
  }
  const std::size_t size = ir::type_size(buffer.type);
  if (size > 4) {
    ctx.diags.report(DiagCode::bad_memset_target, memset.dst.name_range, node.name, size)
        .note(buffer.name_range, "'{}' has elements of type {}", buffer.name, ir::type_name(buffer.type));
    return false;
  }
  memset.element_size = static_cast<std::uint32_t>(size);
  return true;
}

}  // namespace

bool fold_copy(const ConfigContext& ctx, const ir::Node& node, ir::CopyNode& copy, std::vector<ir::ParamId>& used) {
  const NonConstantHandler params = ctx.folder.params_allowed(used);
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
    ctx.diags.report(DiagCode::memset_value_range, memset.value.range, value->text(), memset.element_size,
                     buffer.name);
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

// Declarations: consts fold to typed values, param defaults convert to the param's type (a
// vector param's lane by lane), buffers get a valid element count and initial contents of
// their element type.
#include <limits>
#include <string>

#include <fmt/format.h>

#include "sema/arithmetic.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::Scalar;
using ir::ScalarType;

// Buffers larger than this are almost certainly a mistake in the count (1 TiB).
constexpr std::uint64_t kMaxBufferBytes = std::uint64_t{1} << 40;

Scalar zero_of(ScalarType type) {
  return ir::is_float(type) ? Scalar::of_float(type, 0.0) : Scalar::of_integer(type, 0);
}

// Folds `expr` and converts it to `type` (of a vector type, to its lanes'); E0212 when the
// value does not fit exactly.
std::optional<Scalar> fold_as(GraphContext& ctx, const ir::Expr& expr, ScalarType type) {
  const std::optional<Scalar> value = ctx.folder.fold(expr);
  if (!value) return std::nullopt;
  if (!converts_exactly(*value, type)) {
    ctx.diags.report(DiagCode::value_out_of_range, expr.range, value->text(), ir::type_name(ir::component_type(type)));
    return std::nullopt;
  }
  return value->convert(type);
}

// A vector param's default, `float4{1, 2, 3, 4}`: its own type's name and one constant per
// lane, each converted to the lanes' type (E0253, E0212).
void check_vector_default(GraphContext& ctx, ir::Param& param) {
  const std::string_view type = ir::type_name(param.type);
  const ScalarType component = ir::component_type(param.type);
  param.folded_lanes.assign(ir::lanes(param.type), zero_of(component));
  const auto refuse = [&](SourceRange at, const std::string& given) {
    ctx.diags
        .report(DiagCode::param_default_form, at, param.name, given, type,
                fmt::format("write {}{{...}} with one constant per lane ({})", type, ir::lanes(param.type)))
        .note<NoteCode::declared_here>(param.name_range, param.name);
  };
  if (param.default_value) {
    refuse(param.default_value->range, "a single value");
    return;
  }
  if (!param.default_vector) return;
  const ir::VectorValue& value = *param.default_vector;
  if (value.type != type) {
    refuse(value.type_range, fmt::format("a value of {}", value.type));
    return;
  }
  if (value.lanes.size() != param.folded_lanes.size()) {
    refuse(value.range, fmt::format("{}{{...}} with {} {}", value.type, value.lanes.size(),
                                    value.lanes.size() == 1 ? "value" : "values"));
    return;
  }
  for (std::size_t i = 0; i < value.lanes.size(); ++i) {
    if (const std::optional<Scalar> lane = fold_as(ctx, value.lanes[i], component)) param.folded_lanes[i] = *lane;
  }
}

void check_param(GraphContext& ctx, ir::Param& param) {
  if (ir::is_vector(param.type)) {
    check_vector_default(ctx, param);
    return;
  }
  param.folded_default = zero_of(param.type);
  if (param.default_vector) {
    ctx.diags
        .report(DiagCode::param_default_form, param.default_vector->range, param.name,
                fmt::format("a value of {}", param.default_vector->type), ir::type_name(param.type),
                "a scalar param's default is one constant expression")
        .note<NoteCode::declared_here>(param.name_range, param.name);
    return;
  }
  if (!param.default_value) return;
  if (const std::optional<Scalar> value = fold_as(ctx, *param.default_value, param.type)) {
    param.folded_default = *value;
  }
}

// A positive element count (rows, elements per row or slices of a 2-D or 3-D buffer); E0204
// otherwise.
std::optional<std::uint64_t> fold_extent(GraphContext& ctx, const ir::Buffer& buffer, const ir::Expr& expr) {
  const std::optional<Scalar> count = ctx.folder.fold_integer(expr, "buffer count");
  if (!count) return std::nullopt;
  if (count->integer == 0 || (ir::is_signed(count->type) && count->integer < 0)) {
    ctx.diags.report(DiagCode::bad_buffer_size, expr.range, buffer.name, count->text());
    return std::nullopt;
  }
  return static_cast<std::uint64_t>(count->integer);
}

void check_count(GraphContext& ctx, std::size_t index) {
  ir::Buffer& buffer = ctx.graph.buffers[index];
  const std::optional<std::uint64_t> elements = fold_extent(ctx, buffer, buffer.count);
  const std::optional<std::uint64_t> width =
      buffer.width ? fold_extent(ctx, buffer, *buffer.width) : std::optional<std::uint64_t>{1};
  const std::optional<std::uint64_t> depth =
      buffer.depth ? fold_extent(ctx, buffer, *buffer.depth) : std::optional<std::uint64_t>{1};
  if (!elements || !width || !depth) return;
  std::uint64_t row = 0;
  std::uint64_t slice = 0;
  std::uint64_t bytes = 0;
  const bool wraps = __builtin_mul_overflow(*width, ir::type_size(buffer.type), &row) ||
                     __builtin_mul_overflow(*elements, row, &slice) || __builtin_mul_overflow(*depth, slice, &bytes);
  if (wraps || bytes > kMaxBufferBytes) {
    const std::string size =
        wraps ? fmt::format("more than {}", std::numeric_limits<std::uint64_t>::max()) : std::to_string(bytes);
    ctx.diags.report(DiagCode::buffer_too_large, (buffer.depth ? *buffer.depth : buffer.count).range, buffer.name, size,
                     kMaxBufferBytes);
    return;
  }
  buffer.count_value = *elements;
  if (buffer.width) buffer.width_value = *width;
  if (buffer.depth) buffer.depth_value = *depth;
  ctx.buffer_ok[index] = true;
}

// The value iota(start) gives the last element, start + count - 1, computed wide enough
// not to wrap (count is at most 2^40).
Scalar iota_last(const Scalar& start, std::uint64_t count) {
  const auto steps = static_cast<std::int64_t>(count - 1);
  if (start.is_float()) return Scalar::of_float(ScalarType::f64, start.floating + static_cast<double>(steps));
  if (ir::is_signed(start.type)) {
    std::int64_t last = 0;
    if (__builtin_add_overflow(start.integer, steps, &last)) return Scalar::of_float(ScalarType::f64, 0x1p63);
    return Scalar::of_integer(ScalarType::i64, last);
  }
  std::uint64_t last = 0;
  if (__builtin_add_overflow(static_cast<std::uint64_t>(start.integer), static_cast<std::uint64_t>(steps), &last)) {
    return Scalar::of_float(ScalarType::f64, 0x1p64);
  }
  return Scalar::of_integer(ScalarType::u64, static_cast<std::int64_t>(last));
}

void check_init(GraphContext& ctx, std::size_t index) {
  ir::Buffer& buffer = ctx.graph.buffers[index];
  ir::BufferInit& init = buffer.init;
  if (buffer.two_d() && init.kind != ir::BufferInit::Kind::none) {
    ctx.diags.report(DiagCode::two_d_use, init.range, buffer.rank(), buffer.name, "initialised",
                     "initial contents fill 1-D buffers; set a 2-D or 3-D buffer with a memset node or a copy from a "
                     "host buffer");
    return;
  }
  bool all_folded = true;
  for (const ir::Expr& expr : init.values) {
    if (const std::optional<Scalar> value = fold_as(ctx, expr, buffer.type)) {
      init.folded.push_back(*value);
    } else {
      all_folded = false;
    }
  }
  if (!ctx.buffer_ok[index]) return;
  // A vector buffer's contents are its lanes in memory order, as C's brace elision reads
  // `float2 p[2] = {1, 2, 3, 4}`: a list holds a value per lane and iota counts over lanes.
  const std::uint64_t lanes = ir::lanes(buffer.type);
  const std::uint64_t values = buffer.count_value * lanes;
  if (init.kind == ir::BufferInit::Kind::list && init.values.size() != values) {
    const std::string holds =
        lanes == 1 ? fmt::format("{} elements", values)
                   : fmt::format("{} lanes ({} {} elements)", values, buffer.count_value, ir::type_name(buffer.type));
    ctx.diags.report(DiagCode::init_count, init.range, buffer.name, init.values.size(), holds);
  }
  if (init.kind == ir::BufferInit::Kind::iota && all_folded) {
    const Scalar last = iota_last(init.folded.at(0), values);
    if (!converts_exactly(last, buffer.type)) {
      ctx.diags
          .report(DiagCode::value_out_of_range, init.range, last.text(), ir::type_name(ir::component_type(buffer.type)))
          .note<NoteCode::iota_value>(SourceRange{}, init.folded[0].text(), lanes == 1 ? "element" : "lane", values - 1,
                                      last.text());
    }
  }
}

}  // namespace

void check_declarations(GraphContext& ctx) {
  for (std::uint32_t i = 0; i < ctx.graph.consts.size(); ++i) {
    if (const std::optional<Scalar> value = ctx.folder.const_value(i)) ctx.graph.consts[i].folded = *value;
  }
  for (ir::Param& param : ctx.graph.params) check_param(ctx, param);
  for (std::size_t i = 0; i < ctx.graph.buffers.size(); ++i) {
    check_count(ctx, i);
    check_init(ctx, i);
  }
}

}  // namespace graphc::sema

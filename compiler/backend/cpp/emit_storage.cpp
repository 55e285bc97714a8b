// Storage: every buffer allocated in its memory space, with its initial contents written
// once (built on the host, then copied, for device memory; written in place otherwise),
// and every event created.
#include <algorithm>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "ir/windows.h"

namespace graphc::backend {
namespace {

// Element i of `iota(start)`: start + i in 64-bit integer arithmetic (signed for signed
// types; the validator checked that every element fits) or in double, then rounded once to
// the element type as the IR's Scalar::convert does.
std::string iota_element(const ir::Scalar& start) {
  using ir::ScalarType;
  const std::string sum = fmt::format("{} + static_cast<double>(i)", float_literal(start.floating, false));
  switch (start.type) {
    case ScalarType::f16: return fmt::format("__float2half(static_cast<float>({}))", sum);
    case ScalarType::bf16: return fmt::format("__float2bfloat16(static_cast<float>({}))", sum);
    case ScalarType::f32: return fmt::format("static_cast<float>({})", sum);
    case ScalarType::f64: return sum;
    default: break;
  }
  if (ir::is_signed(start.type)) {
    return fmt::format("static_cast<{}>({} + static_cast<std::int64_t>(i))", ir::cpp_type_name(start.type),
                       initializer(start));
  }
  return fmt::format("static_cast<{}>({} + i)", ir::cpp_type_name(start.type), initializer(start));
}

// The byte every byte of `value` equals, if there is one (such a fill is a cudaMemset).
std::optional<unsigned> uniform_byte(const ir::Scalar& value) {
  const auto bytes = value.bytes();
  const std::size_t size = ir::type_size(value.type);
  if (!std::all_of(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size),
                   [&](std::byte b) { return b == bytes[0]; })) {
    return std::nullopt;
  }
  return static_cast<unsigned>(bytes[0]);
}

// `static const T values[] = {...};`, wrapped to lines of reasonable length.
void write_values(CodeWriter& out, const ir::Buffer& buffer) {
  out.line(fmt::format("static const {} values[] = {{", ir::cpp_type_name(ir::component_type(buffer.type))));
  {
    const Indented list(out);
    std::string line;
    for (const ir::Scalar& value : buffer.init.folded) {
      std::string item = initializer(value) + ",";
      if (!line.empty() && line.size() + 1 + item.size() > 96) {
        out.line(line);
        line.clear();
      }
      line += (line.empty() ? "" : " ") + item;
    }
    out.line(line);
  }
  out.line("};");
}

// Writes the initial contents of one buffer; returns whether it copied to the device. A
// vector buffer's contents are its lanes in memory order, written as an array of its
// component type.
bool write_init(CodeWriter& out, const ir::Buffer& buffer, const std::string& member) {
  const ir::BufferInit& init = buffer.init;
  if (init.kind == ir::BufferInit::Kind::none) return false;
  const std::string_view type = ir::cpp_type_name(ir::component_type(buffer.type));
  const bool vector = ir::is_vector(buffer.type);
  const std::string data = vector ? fmt::format("reinterpret_cast<{}*>({}_.get())", type, member) : member + "_.get()";
  const std::string count = vector ? fmt::format("{}_count * {}", member, ir::lanes(buffer.type)) : member + "_count";
  const bool device = buffer.space == ir::MemorySpace::device;
  const std::string copy = fmt::format(
      "graphc::check_cuda(cudaMemcpy({}, {{}}, {{}}, cudaMemcpyHostToDevice), \"cudaMemcpy (initial contents of "
      "buffer '{}')\");",
      data, escape(buffer.name));
  switch (init.kind) {
    case ir::BufferInit::Kind::fill: {
      const ir::Scalar& value = init.folded.at(0);
      out.line(fmt::format("// {} = fill({})", member, value.text()));
      if (!device) {
        out.line(fmt::format("std::fill_n({}, {}, {});", data, count, initializer(value)));
      } else if (const auto byte = uniform_byte(value)) {
        out.line(fmt::format("graphc::check_cuda(cudaMemset({}, 0x{:02x}, sizeof({}) * {}), \"cudaMemset (initial "
                             "contents of buffer '{}')\");",
                             data, *byte, type, count, escape(buffer.name)));
      } else {
        out.line("{");
        {
          const Indented block(out);
          out.line(fmt::format("const std::vector<{}> init({}, {});", type, count, initializer(value)));
          out.line(fmt::format(fmt::runtime(copy), "init.data()", fmt::format("sizeof({}) * {}", type, count)));
        }
        out.line("}");
      }
      break;
    }
    case ir::BufferInit::Kind::iota: {
      const ir::Scalar& start = init.folded.at(0);
      out.line(fmt::format("// {} = iota({}): element i is {} + i", member, start.text(), start.text()));
      if (!device) {
        out.line(fmt::format("for (std::size_t i = 0; i < {}; ++i) {}[i] = {};", count, data, iota_element(start)));
      } else {
        out.line("{");
        {
          const Indented block(out);
          out.line(fmt::format("std::vector<{}> init({});", type, count));
          out.line(fmt::format("for (std::size_t i = 0; i < {}; ++i) init[i] = {};", count, iota_element(start)));
          out.line(fmt::format(fmt::runtime(copy), "init.data()", fmt::format("sizeof({}) * {}", type, count)));
        }
        out.line("}");
      }
      break;
    }
    case ir::BufferInit::Kind::list: {
      out.line(fmt::format("// {} = {{...}}: {} values", member, init.folded.size()));
      out.line("{");
      {
        const Indented block(out);
        write_values(out, buffer);
        if (device) {
          out.line(fmt::format(fmt::runtime(copy), "values", "sizeof(values)"));
        } else {
          out.line(fmt::format("std::copy(std::begin(values), std::end(values), {});", data));
        }
      }
      out.line("}");
      break;
    }
    case ir::BufferInit::Kind::none: break;
  }
  return device;
}

// `, graphc::Placement{1, {0}, "file:line:col"}`: where a placed buffer's memory goes
// (`device(1) peers(0)`; -1: the current device); empty for an unplaced one.
std::string placement(const GraphContext& context, const ir::Buffer& b) {
  if (!b.device_value && b.peer_values.empty()) return {};
  return fmt::format(", graphc::Placement{{{}, {{{}}}, {}}}", b.device_value.value_or(-1),
                     fmt::join(b.peer_values, ", "), context.location_literal(b.range));
}

}  // namespace

bool has_storage(const ir::Graph& graph) {
  return !graph.events.empty() ||
         std::any_of(graph.buffers.begin(), graph.buffers.end(), [](const ir::Buffer& b) { return b.bindable(); });
}

void emit_storage(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  const GraphNames& names = context.names;
  if (!has_storage(graph)) {
    out.line("Storage::Storage() = default;  // the graph has no buffers");
    out.blank();
    if (!names.captures) {
      out.line("Bindings Storage::bindings() const { return {}; }");
      return;
    }
    out.line("Bindings Storage::bindings() const {");
    out.line("  Bindings b;");
    out.line(fmt::format("  b.{} = &capture_resources_;", capture_resources_member));
    out.line("  return b;");
    out.line("}");
    return;
  }
  std::vector<std::size_t> stored;  // the buffers Storage allocates: all but allocs' memory and views
  for (std::size_t i = 0; i < graph.buffers.size(); ++i) {
    if (graph.buffers[i].bindable()) stored.push_back(i);
  }
  std::vector<std::string> members;
  const std::vector<bool> windows = ir::window_memory(graph);
  for (const std::size_t i : stored) {
    if (windows[i]) {  // graphc::NcclAllocation: ncclMemAlloc, one dimension of device memory
      members.push_back(fmt::format("{}_({}_count, {}, {})", names.buffers[i], names.buffers[i],
                                    string_literal(graph.buffers[i].name),
                                    context.location_literal(graph.buffers[i].range)));
      continue;
    }
    const std::string depth = graph.buffers[i].three_d() ? fmt::format("{}_depth, ", names.buffers[i]) : std::string();
    const std::string width = graph.buffers[i].two_d() ? fmt::format(", {}_width", names.buffers[i]) : std::string();
    members.push_back(fmt::format("{}_({}{}_count{}, {}, {}{})", names.buffers[i], depth, names.buffers[i], width,
                                  space_enumerator(graph.buffers[i].space), string_literal(graph.buffers[i].name),
                                  placement(context, graph.buffers[i])));
  }
  for (std::size_t i = 0; i < graph.events.size(); ++i) {
    members.push_back(fmt::format("{}_({}{})", names.events[i], string_literal(graph.events[i].name),
                                  graph.events[i].timing ? ", true" : ""));
  }
  out.line("Storage::Storage()");
  for (std::size_t i = 0; i < members.size(); ++i) {
    out.line(fmt::format("    {} {}{}", i == 0 ? ':' : ' ', members[i], i + 1 == members.size() ? " {" : ","));
  }
  {
    const Indented body(out);
    bool copied = false;
    for (const std::size_t i : stored) copied = write_init(out, graph.buffers[i], names.buffers[i]) || copied;
    if (copied) {
      out.line("// cudaMemcpy and cudaMemset may return before the device memory is written: wait, so");
      out.line("// that graphs launched on any stream see the initial contents.");
      out.line("graphc::check_cuda(cudaDeviceSynchronize(), \"cudaDeviceSynchronize (initial contents)\");");
    }
  }
  out.line("}");
  out.blank();
  out.line("Bindings Storage::bindings() const {");
  {
    const Indented body(out);
    out.line("Bindings b;");
    for (const std::size_t i : stored) {
      out.line(fmt::format("b.{} = {}_.get();", names.buffers[i], names.buffers[i]));
      if (graph.buffers[i].two_d()) {
        out.line(fmt::format("b.{}_pitch = {}_.pitch();", names.buffers[i], names.buffers[i]));
      }
    }
    for (const std::string& member : names.events) out.line(fmt::format("b.{} = {}_.get();", member, member));
    if (names.captures) out.line(fmt::format("b.{} = &capture_resources_;", capture_resources_member));
    out.line("return b;");
  }
  out.line("}");
}

}  // namespace graphc::backend

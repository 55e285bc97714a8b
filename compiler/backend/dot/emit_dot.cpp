// Graphviz DOT of every graph: one `digraph` each, a shape per node kind (kernel box, copy
// cds, memset parallelogram, host hexagon, empty circle, event record rarrow, event wait
// octagon), labels with the kernel's launch configuration, the copy's endpoints and size
// or the event, and port edges drawn apart (programmatic dashed, launch_completion
// dotted, labelled with the port). Every user string is escaped as a DOT quoted string.
#include "backend/dot/emit_dot.h"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "ir/overloaded.h"

namespace graphc::backend {
namespace {

// `text` as a DOT quoted string. `"` and `\` are escaped; a newline becomes DOT's `\n`
// line break; other control characters are dropped (DOT has no escape for them).
std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) {
      out.push_back(c);
    }
  }
  return out + "\"";
}

// Label lines joined with DOT's line break, each line escaped on its own.
std::string label(std::initializer_list<std::string> lines) {
  std::string text;
  for (const std::string& line : lines) {
    if (!text.empty()) text += '\n';
    text += line;
  }
  return quoted(text);
}

std::string slice_text(const ir::Graph& graph, const ir::BufferSlice& slice) {
  const ir::Buffer& buffer = graph.buffer(slice.id);
  if (slice.offset_value == 0 && slice.length_value == buffer.count_value) return buffer.name;
  return fmt::format("{}[{}:{}]", buffer.name, slice.offset_value, slice.length_value);
}

std::string dims(const std::array<std::uint32_t, 3>& d) { return fmt::format("({}, {}, {})", d[0], d[1], d[2]); }

// `shape=..., label="..."` of one node.
std::string attributes(const ir::Graph& graph, const ir::Node& node) {
  return std::visit(
      ir::Overloaded{
          [&](const ir::KernelNode& k) {
            return "shape=box, label=" + label({node.name, fmt::format("{}<<<{}, {}, {}>>>", k.function, dims(k.grid_dims),
                                                                       dims(k.block_dims), k.shared_memory_bytes)});
          },
          [&](const ir::CopyNode& c) {
            return "shape=cds, label=" + label({node.name, slice_text(graph, c.dst) + " <- " + slice_text(graph, c.src),
                                                fmt::format("{} bytes", c.bytes_value)});
          },
          [&](const ir::MemsetNode& m) {
            return "shape=parallelogram, label=" +
                   label({node.name, fmt::format("{} = 0x{:0{}x}", slice_text(graph, m.dst), m.value_bits,
                                                 m.element_size * 2),
                          fmt::format("{} x {}-byte elements", m.dst.length_value, m.element_size)});
          },
          [&](const ir::HostNode& h) { return "shape=hexagon, label=" + label({node.name, h.function + "()"}); },
          [&](const ir::EmptyNode&) { return "shape=circle, label=" + label({node.name}); },
          [&](const ir::EventRecordNode& r) { return "shape=rarrow, label=" + label({node.name, "record " + r.event}); },
          [&](const ir::EventWaitNode& w) { return "shape=octagon, label=" + label({node.name, "wait " + w.event}); },
      },
      node.op);
}

// The attributes of an edge with a port: its style and the port as the label.
std::string port_attributes(ir::EdgePort port) {
  switch (port) {
    case ir::EdgePort::default_: return {};
    case ir::EdgePort::programmatic: return "style=dashed, label=" + quoted("programmatic");
    case ir::EdgePort::launch_completion: return "style=dotted, label=" + quoted("launch_completion");
  }
  return {};
}

void emit_graph(std::string& out, const ir::Graph& graph) {
  out += fmt::format("digraph {} {{\n", quoted(graph.name));
  out += "  node [fontname=\"monospace\"];\n";
  for (const ir::Node& node : graph.nodes) out += fmt::format("  {} [{}];\n", quoted(node.name), attributes(graph, node));
  // Each dependency once, as CUDA gets it (duplicate edges were warned about).
  std::vector<std::tuple<std::uint32_t, std::uint32_t>> seen;
  for (const ir::Edge& edge : graph.edges) {
    const auto key = std::make_tuple(edge.from_id.value, edge.to_id.value);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    const std::string& from = graph.node(edge.from_id).name;
    const std::string& to = graph.node(edge.to_id).name;
    if (edge.port == ir::EdgePort::default_) {
      out += fmt::format("  {} -> {};\n", quoted(from), quoted(to));
    } else {
      out += fmt::format("  {} -> {} [{}];\n", quoted(from), quoted(to), port_attributes(edge.port));
    }
  }
  out += "}\n";
}

}  // namespace

std::string emit_dot(const ir::Module& module) {
  std::string out;
  for (const ir::Graph& graph : module.graphs) {
    if (!out.empty()) out += '\n';
    emit_graph(out, graph);
  }
  return out;
}

}  // namespace graphc::backend

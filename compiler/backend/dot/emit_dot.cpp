// Graphviz DOT of every graph or of one: one `digraph` each, a shape per node kind (kernel box,
// copy cds, memset parallelogram, host hexagon, empty circle, event record rarrow, event wait
// octagon, conditional diamond, mem alloc inverted house, mem free house, child graph 3-D box),
// labels with the kernel's launch configuration and attributes, the copy's endpoints and size, the event, or the
// called graph and its arguments (a synthetic kernel node of the optimiser's is dashed; a node
// that params configure names them), and port edges drawn apart (programmatic dashed,
// launch_completion dotted, labelled with the port). A conditional node is a cluster holding the
// node and one cluster per body graph. Every user string is escaped as a DOT quoted string.
#include "backend/dot/emit_dot.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "ir/describe.h"
#include "ir/devices.h"
#include "ir/node_kind.h"
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
std::string label(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) {
    if (!text.empty()) text += '\n';
    text += line;
  }
  return quoted(text);
}

std::string dims(const std::array<std::uint32_t, 3>& d) { return fmt::format("({}, {}, {})", d[0], d[1], d[2]); }

// "[priority(1), cluster(2, 1, 1), cooperative]": a kernel node's launch attributes in the
// language's syntax, with their values resolved (a cluster in three dimensions, as the
// launch configuration is shown); empty for none.
std::string launch_attributes(const ir::Graph& graph, const ir::LaunchAttributes& a) {
  std::vector<std::string> parts;
  if (a.priority) parts.push_back(fmt::format("priority({})", *a.priority));
  if (a.cluster[0] != 0) parts.push_back(fmt::format("cluster{}", dims(a.cluster)));
  if (a.cooperative) parts.emplace_back("cooperative");
  if (a.device_updatable) parts.emplace_back("device_updatable");
  if (a.remote_sync_domain) parts.push_back(*a.remote_sync_domain ? "sync_domain(remote)" : "sync_domain(default)");
  if (a.carveout) parts.push_back(fmt::format("carveout({})", *a.carveout));
  if (a.access_policy) {
    parts.push_back(fmt::format("access_policy({}, {})", graph.buffer(a.access_policy->buffer).name,
                                a.access_policy->hit_ratio));
  }
  return parts.empty() ? std::string() : fmt::format("[{}]", fmt::join(parts, ", "));
}

// Whether one of the graph's scalar parameters configures `node`: only its calls give the
// configuration values.
bool per_call(const ir::Graph& graph, const ir::Node& node) {
  return std::any_of(node.config_params.begin(), node.config_params.end(),
                     [&](ir::ParamId id) { return graph.is_parameter(id); });
}

// A node's name, and for a node that params configure, which ones (its label shows the
// configuration their defaults give, or none when a parameter's call gives it).
std::string heading(const ir::Graph& graph, const ir::Node& node) {
  if (node.config_params.empty()) return node.name;
  std::vector<std::string> names;
  for (const ir::ParamId id : node.config_params) names.push_back(graph.param(id).name);
  return fmt::format("{}\nset by {} ({})", node.name, fmt::join(names, ", "),
                     per_call(graph, node) ? "per call" : "defaults shown");
}

// A node placed on a device (ir/devices.h): its outline in the device's colour (Tableau's
// ten, device 10 as device 0) and the device as an outside label; empty for one unplaced.
std::string device_attributes(const ir::Graph& graph, const ir::Node& node) {
  static constexpr std::string_view kColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                                  "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  const std::optional<int> device = ir::placed_device(graph, node);
  if (!device) return {};
  return fmt::format(", color=\"{}\", penwidth=2, xlabel={}", kColours[*device % 10],
                     quoted(fmt::format("device {}", *device)));
}

// `shape=..., label="..."` of one node; a non-empty `note` is the label's last line.
std::string attributes(const ir::Graph& graph, const ir::Node& node, const std::string& note) {
  const std::string name = heading(graph, node);
  // The lines given, but empty ones, then the note.
  const auto label = [&](std::initializer_list<std::string> lines) {
    std::vector<std::string> all;
    for (const std::string& line : lines) {
      if (!line.empty()) all.push_back(line);
    }
    if (!note.empty()) all.push_back(note);
    return backend::label(all);
  };
  const bool unknown = per_call(graph, node);
  const std::string text = std::visit(
      ir::Overloaded{
          [&](const ir::KernelNode& k) {
            const std::string config =
                unknown ? "..."
                        : fmt::format("{}, {}, {}", dims(k.grid_dims), dims(k.block_dims), k.shared_memory_bytes);
            const std::string launch =
                fmt::format("{}<<<{}>>>({})", k.function, config, ir::resolved_args_text(graph, k.args));
            return label({name, launch, launch_attributes(graph, k.launch)});
          },
          [&](const ir::CopyNode& c) {
            if (unknown) return label({name, c.dst.buffer + " <- " + c.src.buffer});
            const std::string ends = ir::folded_slice_text(graph, c.dst) + " <- " + ir::folded_slice_text(graph, c.src);
            return label({name, ends, fmt::format("{} bytes", c.bytes_value)});
          },
          [&](const ir::MemsetNode& m) {
            if (unknown) return label({name, "memset " + m.dst.buffer});
            // A box's elements (slices of rows of columns_value elements), each of `lanes`
            // memset elements in a vector buffer.
            const std::uint64_t elements = m.dst.elements() * m.lanes;
            return label(
                {name,
                 fmt::format("{} = 0x{:0{}x}", ir::folded_slice_text(graph, m.dst), m.value_bits, m.element_size * 2),
                 fmt::format("{} x {}-byte elements", elements, m.element_size)});
          },
          [&](const ir::HostNode& h) {
            return label({node.name, fmt::format("{}({})", h.function, ir::resolved_args_text(graph, h.args))});
          },
          [&](const ir::EmptyNode&) { return label({node.name}); },
          [&](const ir::ConditionalNode& c) {
            return label({node.name, fmt::format("{} ({})", ir::type_name(c.type), c.cond)});
          },
          [&](const ir::EventRecordNode& r) {
            return label({node.name, "record " + r.event});
          },
          [&](const ir::EventWaitNode& w) {
            return label({node.name, "wait " + w.event});
          },
          [&](const ir::AllocNode& a) {
            const ir::Buffer& memory = graph.buffer(a.buffer);
            return label({node.name, fmt::format("alloc {}[{}]", ir::type_name(memory.type), memory.count_value),
                          fmt::format("{} bytes", memory.bytes())});
          },
          [&](const ir::FreeNode& f) {
            return label({node.name, "free " + f.alloc});
          },
          [&](const ir::ChildGraphNode& c) {
            return label({node.name, fmt::format("call {}({})", c.graph, ir::resolved_args_text(graph, c.args))});
          },
          [&]<ir::CallsFunction Op>(const Op& c) {
            return label({node.name, fmt::format("{} {}({})", ir::kind_info(node).keyword, c.function,
                                                 ir::resolved_args_text(graph, c.args))});
          },
      },
      node.op);
  return fmt::format("{}{}, label={}{}", ir::kind_info(node).dot, node.synthetic ? ", style=dashed" : "", text,
                     device_attributes(graph, node));
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

// The title of a body's cluster: "then", "else", "body" or "case n".
std::string body_title(const ir::ConditionalNode& conditional, std::uint32_t index) {
  switch (conditional.type) {
    case ir::ConditionalNode::Type::if_: return index == 0 ? "then" : "else";
    case ir::ConditionalNode::Type::while_: return "body";
    case ir::ConditionalNode::Type::switch_: return fmt::format("case {}", index);
  }
  return {};
}

// The fill of a node that took `share` (0 to 1) of the hottest node's time: white to red.
std::string heat_colour(double share) {
  const auto channel = [&](int hot) { return static_cast<int>(std::lround(255 - (255 - hot) * share)); };
  return fmt::format("#{:02x}{:02x}{:02x}", channel(0xd7), channel(0x30), channel(0x1f));
}

// A node's device time per launch in a profile: its own, or for a call or capture node that
// of the nodes inside it ("call/k").
double node_time(const DotTimes& times, const std::string& name) {
  double sum = 0;
  for (const auto& [path, ns] : times.per_launch_ns) {
    if (path == name || (path.size() > name.size() && path.starts_with(name) && path[name.size()] == '/')) sum += ns;
  }
  return sum;
}

class DotWriter {
 public:
  DotWriter(std::string& out, const ir::Graph& graph, const DotTimes* times) : out_(out), graph_(graph), times_(times) {
    if (times_ == nullptr) return;
    for (const ir::Node& node : graph_.nodes) hottest_ns_ = std::max(hottest_ns_, node_time(*times_, node.name));
  }

  // The nodes and edges of `body` (the graph itself when invalid), indented by `depth`.
  void body(ir::BodyId body, int depth) {
    const std::string pad(static_cast<std::size_t>(depth) * 2, ' ');
    bool any = false;
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) {
      const ir::Node& node = graph_.nodes[i];
      if (node.body != body) continue;
      any = true;
      if (const auto* conditional = std::get_if<ir::ConditionalNode>(&node.op)) {
        this->conditional(node, *conditional, depth);
      } else {
        out_ += fmt::format("{}{} [{}];\n", pad, quoted(node.name), timed_attributes(node));
      }
    }
    if (!any && body.valid()) {
      const ir::Body& b = graph_.body(body);
      out_ += fmt::format("{}{} [shape=plaintext, label=\"(empty)\"];\n", pad,
                          quoted(fmt::format("{}/{}", graph_.node(b.conditional).name, b.index)));
    }
    edges(body, pad);
    if (!body.valid()) device_updates(pad);
  }

 private:
  // A dotted arrow from each kernel that updates a node from the device (`&NAME`) to that
  // node, which is no dependency: it does not place the node (constraint=false).
  void device_updates(const std::string& pad) {
    for (const ir::Node& node : graph_.nodes) {
      const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
      if (kernel == nullptr) continue;
      for (const ir::KernelArg& arg : kernel->args) {
        if (arg.kind != ir::KernelArg::Kind::device_node) continue;
        out_ += fmt::format("{}{} -> {} [style=dotted, label={}, constraint=false];\n", pad, quoted(node.name),
                            quoted(graph_.node(arg.node_id).name), quoted("updates"));
      }
    }
  }

  // A node's attributes; with a profile, its time per launch as the label's last line and a
  // fill from white (no time) to red (the hottest node's).
  std::string timed_attributes(const ir::Node& node) const {
    if (times_ == nullptr) return attributes(graph_, node, {});
    const double ns = node_time(*times_, node.name);
    std::string text = attributes(graph_, node, ns > 0 ? fmt::format("{:.1f} us per launch", ns / 1000.0) : "");
    const std::string fill = "fillcolor=\"" + heat_colour(hottest_ns_ > 0 ? ns / hottest_ns_ : 0) + "\", ";
    for (const std::string_view style : {"dashed", "rounded"}) {
      const std::string plain = fmt::format("style={}, ", style);
      if (const std::size_t at = text.find(plain); at != std::string::npos) {
        return text.replace(at, plain.size(), fmt::format("style=\"{},filled\", {}", style, fill));
      }
    }
    const std::size_t label_at = text.find("label=");
    return text.insert(label_at, "style=filled, " + fill);
  }

  // A conditional node is a cluster: the node itself (a diamond naming the cond it tests,
  // where the edges of its graph attach), and a cluster per body graph inside it.
  void conditional(const ir::Node& node, const ir::ConditionalNode& conditional, int depth) {
    const std::string pad(static_cast<std::size_t>(depth) * 2, ' ');
    const std::string_view type = ir::type_name(conditional.type);
    out_ += fmt::format("{}subgraph {} {{\n", pad, quoted("cluster_" + node.name));
    out_ += fmt::format("{}  label={}; style=rounded;\n", pad, quoted(fmt::format("{} {}", type, node.name)));
    out_ += fmt::format("{}  {} [{}];\n", pad, quoted(node.name), timed_attributes(node));
    for (std::size_t i = 0; i < conditional.bodies.size(); ++i) {
      out_ += fmt::format("{}  subgraph {} {{\n", pad, quoted(fmt::format("cluster_{}/{}", node.name, i)));
      out_ += fmt::format("{}    label={}; style=dashed;\n", pad,
                          quoted(body_title(conditional, static_cast<std::uint32_t>(i))));
      body(conditional.bodies[i], depth + 2);
      out_ += fmt::format("{}  }}\n", pad);
    }
    out_ += fmt::format("{}}}\n", pad);
  }

  // Each dependency of `body` once, as CUDA gets it (duplicate edges were warned about).
  void edges(ir::BodyId body, const std::string& pad) {
    std::vector<std::tuple<std::uint32_t, std::uint32_t>> seen;
    for (const ir::Edge& edge : graph_.edges) {
      if (edge.body != body) continue;
      const auto key = std::make_tuple(edge.from_id.value, edge.to_id.value);
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
      seen.push_back(key);
      const std::string& from = graph_.node(edge.from_id).name;
      const std::string& to = graph_.node(edge.to_id).name;
      if (edge.port == ir::EdgePort::default_) {
        out_ += fmt::format("{}{} -> {};\n", pad, quoted(from), quoted(to));
      } else {
        out_ += fmt::format("{}{} -> {} [{}];\n", pad, quoted(from), quoted(to), port_attributes(edge.port));
      }
    }
  }

  std::string& out_;
  const ir::Graph& graph_;
  const DotTimes* times_;
  double hottest_ns_ = 0;
};

}  // namespace

std::string emit_dot(const ir::Graph& graph, const DotTimes* times) {
  std::string out = fmt::format("digraph {} {{\n", quoted(graph.name));
  out += "  node [fontname=\"monospace\"];\n";
  if (times != nullptr) {
    out += fmt::format("  label={}; labelloc=t;\n",
                       quoted(fmt::format("{}: device time per launch (white 0 us, red the hottest)", times->title)));
  }
  DotWriter(out, graph, times).body(ir::BodyId{}, 1);
  return out + "}\n";
}

std::string emit_dot(const ir::Module& module) {
  std::string out;
  for (const ir::Graph& graph : module.graphs) {
    if (!out.empty()) out += '\n';
    out += emit_dot(graph, nullptr);
  }
  return out;
}

}  // namespace graphc::backend

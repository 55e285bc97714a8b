#include "ir/dump.h"

#include <fmt/format.h>

#include "ir/node_kind.h"
#include "ir/overloaded.h"

namespace graphc::ir {
namespace {

std::string at(const SourceManager& sources, const SourceRange& range) {
  if (!range.valid()) return "@?";
  const LineColumn lc = sources.file(range.file).line_column(range.begin);
  return fmt::format("@{}:{}", lc.line, lc.column);
}

std::string typed(const Scalar& s) { return fmt::format("{}:{}", s.text(), type_name(s.type)); }

std::string dims(const std::array<std::uint32_t, 3>& d) { return fmt::format("({}, {}, {})", d[0], d[1], d[2]); }

std::string slice(const BufferSlice& s) {
  if (s.depth_value != 0) {
    return fmt::format("{}[{}:{}, {}:{}, {}:{}]", s.buffer, s.z_value, s.depth_value, s.offset_value, s.length_value,
                       s.column_value, s.columns_value);
  }
  if (s.columns_value != 0) {
    return fmt::format("{}[{}:{}, {}:{}]", s.buffer, s.offset_value, s.length_value, s.column_value, s.columns_value);
  }
  return fmt::format("{}[{}:{}]", s.buffer, s.offset_value, s.length_value);
}

std::string_view init_name(BufferInit::Kind kind) {
  switch (kind) {
    case BufferInit::Kind::none: return "none";
    case BufferInit::Kind::fill: return "fill";
    case BufferInit::Kind::iota: return "iota";
    case BufferInit::Kind::list: return "list";
  }
  return "?";
}

std::string_view copy_kind_name(CopyKind kind) {
  switch (kind) {
    case CopyKind::host_to_device: return "host_to_device";
    case CopyKind::device_to_host: return "device_to_host";
    case CopyKind::device_to_device: return "device_to_device";
    case CopyKind::host_to_host: return "host_to_host";
    case CopyKind::unified: return "unified";
  }
  return "?";
}

std::string_view port_name(EdgePort port) {
  switch (port) {
    case EdgePort::default_: return "default";
    case EdgePort::programmatic: return "programmatic";
    case EdgePort::launch_completion: return "launch_completion";
  }
  return "?";
}

std::string arg_text(const Graph& root, const KernelArg& arg) {
  switch (arg.kind) {
    case KernelArg::Kind::unresolved: return "unresolved";
    case KernelArg::Kind::buffer: return fmt::format("buffer {}+{}", root.buffer(arg.buffer).name, arg.offset);
    case KernelArg::Kind::param: return fmt::format("param {}", root.param(arg.param).name);
    case KernelArg::Kind::value: return fmt::format("value {}", typed(arg.value));
    case KernelArg::Kind::cond: return fmt::format("cond {}", root.cond(arg.cond).name);
    case KernelArg::Kind::graph_exec: return fmt::format("exec @{}", arg.graph);
    case KernelArg::Kind::device_node: return fmt::format("device node &{}", arg.node);
    case KernelArg::Kind::null_pointer: return "nullptr";
    case KernelArg::Kind::pitch: return fmt::format("pitch {}", root.buffer(arg.buffer).name);
    case KernelArg::Kind::comm: return fmt::format("comm {}", root.comm(arg.comm).name);
    case KernelArg::Kind::rank: return fmt::format("rank {}", root.comm(arg.comm).name);
    case KernelArg::Kind::aggregate: {
      std::vector<std::string> fields;
      for (const KernelArg& f : arg.fields) fields.push_back(fmt::format("@{} {}", f.field_offset, arg_text(root, f)));
      return fmt::format("struct {} size={} {{{}}}", arg.struct_name, arg.struct_size, fmt::join(fields, ", "));
    }
  }
  return "?";
}

// " priority=2 cluster=(2, 1, 1) cooperative sync_domain=remote carveout=50": the launch
// attributes a kernel node has; empty for none.
std::string launch_text(const LaunchAttributes& a) {
  std::string out;
  if (a.priority) out += fmt::format(" priority={}", *a.priority);
  if (a.cluster[0] != 0) out += fmt::format(" cluster={}", dims(a.cluster));
  if (a.cooperative) out += " cooperative";
  if (a.device_updatable) out += " device_updatable";
  if (a.remote_sync_domain) out += *a.remote_sync_domain ? " sync_domain=remote" : " sync_domain=default";
  if (a.carveout) out += fmt::format(" carveout={}", *a.carveout);
  if (a.access_policy)
    out += fmt::format(" access_policy={}:{}", a.access_policy->buffer.value, a.access_policy->hit_ratio);
  return out;
}

// " reads=[x] writes=[y]": the buffers a kernel node states it reads and writes.
std::string access_text(const Graph& root, const KernelNode& k) {
  const auto names = [&](const std::vector<BufferId>& ids) {
    std::vector<std::string> out;
    for (const BufferId id : ids) out.push_back(root.buffer(id).name);
    return fmt::format("[{}]", fmt::join(out, ", "));
  };
  std::string out;
  if (!k.reads.empty()) out += " reads=" + names(k.reads);
  if (!k.writes.empty()) out += " writes=" + names(k.writes);
  return out;
}

std::string node_text(const Graph& root, const Node& node) {
  return std::visit(
      Overloaded{
          [&](const KernelNode& k) {
            std::vector<std::string> args;
            for (const KernelArg& a : k.args) args.push_back(arg_text(root, a));
            return fmt::format("kernel {} grid={} block={} smem={} args=[{}]{}{}{}", k.function, dims(k.grid_dims),
                               dims(k.block_dims), k.shared_memory_bytes, fmt::join(args, ", "), launch_text(k.launch),
                               k.device ? fmt::format(" on={}", *k.device) : std::string(), access_text(root, k));
          },
          [&](const CopyNode& c) {
            return fmt::format("copy dst={} src={} bytes={} kind={}", slice(c.dst), slice(c.src), c.bytes_value,
                               copy_kind_name(c.kind));
          },
          [&](const MemsetNode& m) {
            return fmt::format("memset dst={} element_size={}{} value_bits={:#x}", slice(m.dst), m.element_size,
                               m.lanes > 1 ? fmt::format(" lanes={}", m.lanes) : "", m.value_bits);
          },
          [&](const HostNode& h) {
            std::vector<std::string> args;
            for (const KernelArg& a : h.args) args.push_back(arg_text(root, a));
            if (args.empty()) return fmt::format("host {}", h.function);
            return fmt::format("host {} args=[{}]", h.function, fmt::join(args, ", "));
          },
          [&](const EmptyNode&) { return std::string("empty"); },
          [&](const ConditionalNode& c) {
            std::vector<std::string> bodies;
            for (const BodyId b : c.bodies) bodies.push_back(fmt::format("#{}", b.value));
            return fmt::format("{} cond={} bodies=[{}]", type_name(c.type), c.cond, fmt::join(bodies, ", "));
          },
          [&](const EventRecordNode& r) { return fmt::format("record event={}", r.event); },
          [&](const EventWaitNode& w) { return fmt::format("wait event={}", w.event); },
          [&](const AllocNode& a) {
            const Buffer& memory = root.buffer(a.buffer);
            return fmt::format("alloc memory={} bytes={}", memory.name, memory.bytes());
          },
          [&](const FreeNode& f) { return fmt::format("free alloc={}", f.alloc); },
          [&](const ChildGraphNode& c) {
            std::vector<std::string> args;
            for (const KernelArg& a : c.args) args.push_back(arg_text(root, a));
            return fmt::format("call graph={} args=[{}]", c.graph, fmt::join(args, ", "));
          },
          [&]<CallsFunction Op>(const Op& op) {
            std::vector<std::string> args;
            for (const KernelArg& a : op.args) args.push_back(arg_text(root, a));
            return fmt::format("{} function={} args=[{}]", kind_info(node).keyword, op.function, fmt::join(args, ", "));
          },
      },
      node.op);
}

// ` in=#k` for what is in body k; nothing for the graph itself.
std::string in_body(BodyId body) { return body.valid() ? fmt::format(" in=#{}", body.value) : std::string(); }

}  // namespace

std::string dump(const Module& module, const SourceManager& sources) {
  std::string out = fmt::format("module {}\n", module.path);
  for (const ModuleDecl& m : module.modules) out += fmt::format("  kernels \"{}\" {}\n", m.path, at(sources, m.range));
  for (const Import& i : module.imports) out += fmt::format("  import \"{}\" {}\n", i.path, at(sources, i.range));
  for (const StructDecl& s : module.structs) {
    out += fmt::format("  struct {} size={} align={}{} {}\n", s.name, s.size, s.alignment,
                       s.imported ? " imported" : "", at(sources, s.range));
    for (const StructField& f : s.fields) {
      out += fmt::format("    field {} : {}{} offset={} {}\n", f.name, type_name(f.type), f.pointer ? "*" : "",
                         f.offset, at(sources, f.range));
    }
  }
  for (const Graph& g : module.graphs) {
    std::vector<std::string> parameters;
    for (const Parameter& p : g.parameters) {
      parameters.push_back(p.kind == Parameter::Kind::buffer ? g.buffer(p.buffer).name
                           : p.kind == Parameter::Kind::comm ? g.comm(p.comm).name
                                                             : g.param(p.param).name);
    }
    out += fmt::format("graph {}{}{}{} {}\n", g.name,
                       g.parameters.empty() ? "" : fmt::format("({})", fmt::join(parameters, ", ")),
                       g.device_launch.valid() ? " [device_launch]" : "", g.imported ? " imported" : "",
                       at(sources, g.name_range));
    for (const Const& c : g.consts) {
      std::vector<std::string> variants;
      for (const Expr& v : c.variants) variants.push_back(v.literal.text());
      const std::string of = variants.empty() ? "" : fmt::format(" variant of {{{}}}", fmt::join(variants, ", "));
      out += fmt::format("  const {} = {}{} {}\n", c.name, typed(c.folded), of, at(sources, c.name_range));
    }
    for (const Param& p : g.params) {
      std::string value = p.folded_default.text();
      if (is_vector(p.type)) {
        std::vector<std::string> lanes;
        for (const Scalar& lane : p.folded_lanes) lanes.push_back(lane.text());
        value = fmt::format("{}{{{}}}", type_name(p.type), fmt::join(lanes, ", "));
      }
      out += fmt::format("  param {} : {} = {} {}\n", p.name, type_name(p.type), value, at(sources, p.name_range));
    }
    for (const Buffer& b : g.buffers) {
      std::vector<std::string> values;
      for (const Scalar& v : b.init.folded) values.push_back(v.text());
      std::string of = b.alloc.valid() ? fmt::format(" of=alloc {}", g.node(b.alloc).name) : std::string();
      if (b.view && b.view->root.valid()) {
        of = fmt::format(" of=view {} root={}+{}B", b.view->base, g.buffer(b.view->root).name, b.view->root_offset);
      }
      const std::string depth = b.three_d() ? fmt::format("[{}]", b.depth_value) : std::string();
      const std::string width = b.two_d() ? fmt::format("[{}]", b.width_value) : std::string();
      std::string placed = b.device_value ? fmt::format(" on={}", *b.device_value) : std::string();
      if (!b.peer_values.empty()) placed += fmt::format(" peers=[{}]", fmt::join(b.peer_values, ", "));
      out += fmt::format("  buffer {} : {}{}[{}]{} {}{} init={}({}){} {}\n", b.name, type_name(b.type), depth,
                         b.count_value, width, space_name(b.space), placed, init_name(b.init.kind),
                         fmt::join(values, ", "), of, at(sources, b.name_range));
    }
    for (const Cond& c : g.conds) {
      out += fmt::format("  cond {} default={}{} {}\n", c.name,
                         c.default_value ? fmt::format("{}", c.folded_default) : "none", in_body(c.body),
                         at(sources, c.name_range));
    }
    for (const Event& e : g.events) {
      out += fmt::format("  event {}{} {}\n", e.name, e.timing ? " timing" : "", at(sources, e.name_range));
    }
    for (const Comm& c : g.comms) {
      const std::string size = c.world_size > 0 ? fmt::format(" world_size={}", c.world_size) : std::string();
      out += fmt::format("  comm {}{}{}{} {}\n", c.name, size, c.registration == CommRegistration::none ? "" : " ",
                         registration_name(c.registration), at(sources, c.name_range));
    }
    for (std::size_t i = 0; i < g.bodies.size(); ++i) {
      const Body& b = g.bodies[i];
      out += fmt::format("  body #{} of {}[{}]{} {}\n", i, g.node(b.conditional).name, b.index, in_body(b.parent),
                         at(sources, b.range));
    }
    for (const Node& n : g.nodes) {
      out += fmt::format("  node {} {}{}{} {}\n", n.name, node_text(g, n), in_body(n.body),
                         n.synthetic ? " synthetic" : "", at(sources, n.name_range));
    }
    for (const Edge& e : g.edges) {
      out += fmt::format("  edge {} -> {} port={}{} {}\n", e.from, e.to, port_name(e.port), in_body(e.body),
                         at(sources, e.range));
    }
  }
  return out;
}

}  // namespace graphc::ir

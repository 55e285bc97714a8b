#include "backend/text/emit_text.h"

#include <variant>
#include <vector>

#include <fmt/format.h>

#include "backend/text/expr_text.h"
#include "format/format_text.h"
#include "ir/node_kind.h"
#include "ir/overloaded.h"

namespace graphc::backend {
namespace {

std::string init_text(const ir::BufferInit& init) {
  std::vector<std::string> values;
  for (const ir::Expr& v : init.values) values.push_back(expr_text(v));
  switch (init.kind) {
    case ir::BufferInit::Kind::fill: return fmt::format(" = fill({})", values.at(0));
    case ir::BufferInit::Kind::iota: return fmt::format(" = iota({})", values.at(0));
    case ir::BufferInit::Kind::list: return fmt::format(" = {{{}}}", fmt::join(values, ", "));
    case ir::BufferInit::Kind::none: break;
  }
  return {};
}

// "(1) peers(0)", after the space `device`: where a buffer's memory is placed, as written;
// empty for none.
std::string placement_text(const ir::Buffer& b) {
  std::string out;
  if (b.device) out += fmt::format("({})", expr_text(*b.device));
  if (!b.peers.empty()) {
    std::vector<std::string> peers;
    for (const ir::Expr& p : b.peers) peers.push_back(expr_text(p));
    out += fmt::format(" peers({})", fmt::join(peers, ", "));
  }
  return out;
}

std::string dims_text(const std::vector<ir::Expr>& dims) {
  std::vector<std::string> parts;
  for (const ir::Expr& d : dims) parts.push_back(expr_text(d));
  return dims.size() == 1 ? parts[0] : fmt::format("({})", fmt::join(parts, ", "));
}

std::string args_text(const std::vector<ir::KernelArg>& args) {
  std::vector<std::string> parts;
  for (const ir::KernelArg& a : args) parts.push_back(arg_text(a));
  return fmt::format("({})", fmt::join(parts, ", "));
}

std::string attributes_text(const std::vector<ir::KernelAttribute>& attributes) {
  std::vector<std::string> parts;
  for (const ir::KernelAttribute& a : attributes) parts.push_back(attribute_text(a));
  return fmt::format("{}", fmt::join(parts, ", "));
}

class TextWriter {
 public:
  TextWriter(std::string& out, const ir::Graph& graph) : out_(out), graph_(graph) {}

  void graph() {
    std::vector<std::string> parameters;
    for (const ir::Parameter& p : graph_.parameters) {
      if (p.kind == ir::Parameter::Kind::buffer) {
        const ir::Buffer& b = graph_.buffer(p.buffer);
        parameters.push_back(fmt::format("{} : {}[{}] {}", b.name, ir::type_name(b.type), expr_text(b.count),
                                         ir::space_name(b.space)));
      } else if (p.kind == ir::Parameter::Kind::comm) {
        parameters.push_back(graph_.comm(p.comm).name + " : comm");
      } else {
        const ir::Param& s = graph_.param(p.param);
        parameters.push_back(fmt::format("{} : {}", s.name, ir::type_name(s.type)));
      }
    }
    out_ += fmt::format("graph {}{}{} {{\n", graph_.name,
                        parameters.empty() ? "" : fmt::format("({})", fmt::join(parameters, ", ")),
                        graph_.device_launch.valid() ? " [device_launch]" : "");
    bool declarations = false;
    for (const ir::Const& c : graph_.consts) {
      std::vector<std::string> variants;
      for (const ir::Expr& v : c.variants) variants.push_back(expr_text(v));
      line(1, variants.empty() ? fmt::format("const {} = {};", c.name, expr_text(c.value))
                               : fmt::format("variant {} in {{{}}};", c.name, fmt::join(variants, ", ")));
      declarations = true;
    }
    for (std::uint32_t i = 0; i < graph_.params.size(); ++i) {
      if (graph_.is_parameter(ir::ParamId{i})) continue;
      const ir::Param& p = graph_.params[i];
      const std::string default_text = param_default_text(p);
      line(1, fmt::format("param {} : {}{};", p.name, ir::type_name(p.type),
                          default_text.empty() ? std::string() : " = " + default_text));
      declarations = true;
    }
    for (std::uint32_t i = 0; i < graph_.buffers.size(); ++i) {
      const ir::Buffer& b = graph_.buffers[i];
      if (b.alloc.valid() || b.view || graph_.is_parameter(ir::BufferId{i})) continue;
      const std::string depth = b.depth ? fmt::format("[{}]", expr_text(*b.depth)) : "";
      const std::string width = b.width ? fmt::format("[{}]", expr_text(*b.width)) : "";
      line(1, fmt::format("buffer {} : {}{}[{}]{} {}{}{};", b.name, ir::type_name(b.type), depth, expr_text(b.count),
                          width, ir::space_name(b.space), placement_text(b), init_text(b.init)));
      declarations = true;
    }
    for (const ir::Buffer& b : graph_.buffers) {
      if (!b.view) continue;
      const std::string offset = b.view->offset ? " + " + expr_text(*b.view->offset) : std::string();
      line(1, fmt::format("view {} : {}[{}] of {}{}{};", b.name, ir::type_name(b.type), expr_text(b.count),
                          b.view->base, offset, init_text(b.init)));
      declarations = true;
    }
    for (const ir::Event& e : graph_.events) {
      line(1, fmt::format("event {}{};", e.name, e.timing ? " [timing]" : ""));
      declarations = true;
    }
    for (std::uint32_t i = 0; i < graph_.comms.size(); ++i) {
      if (graph_.is_parameter(ir::CommId{i})) continue;
      const ir::Comm& c = graph_.comms[i];
      const std::string_view registration = ir::registration_name(c.registration);
      line(1, fmt::format("comm {}{};", c.name, registration.empty() ? "" : fmt::format(" [{}]", registration)));
      declarations = true;
    }
    items(ir::BodyId{}, 1, declarations);
    out_ += "}\n";
  }

 private:
  void line(int depth, const std::string& text) {
    out_ += std::string(static_cast<std::size_t>(depth) * 4, ' ') + text + "\n";
  }

  // The conds, nodes and edges of the graph or of a body, at `depth`; a blank line
  // between the groups (and after the graph's other declarations, `after_declarations`).
  void items(ir::BodyId body, int depth, bool after_declarations) {
    bool any = after_declarations;
    bool group = false;
    const auto separate = [&] {
      if (any && !group) out_ += "\n";
      group = true;
    };
    for (const ir::Cond& c : graph_.conds) {
      if (c.body != body) continue;
      line(depth, fmt::format("cond {}{};", c.name, c.default_value ? " = " + expr_text(*c.default_value) : ""));
      group = true;
    }
    any = any || group;
    group = false;
    for (const ir::Node& n : graph_.nodes) {
      if (n.body != body || n.synthetic) continue;
      separate();
      node(n, depth);
    }
    any = any || group;
    group = false;
    for (const ir::Edge& e : graph_.edges) {
      if (e.body != body || graph_.synthetic(e)) continue;
      separate();
      const std::string_view port = e.port == ir::EdgePort::programmatic        ? "[programmatic]"
                                    : e.port == ir::EdgePort::launch_completion ? "[launch_completion]"
                                                                                : "";
      line(depth, fmt::format("{} ->{} {};", e.from, port, e.to));
    }
  }

  void node(const ir::Node& n, int depth) {
    std::visit(
        ir::Overloaded{
            [&](const ir::KernelNode& k) {
              line(depth,
                   fmt::format("kernel {} : {}<<<{}, {}{}>>>{}{};", n.name, k.function, dims_text(k.grid),
                               dims_text(k.block), k.shared_memory ? ", " + expr_text(*k.shared_memory) : std::string(),
                               args_text(k.args),
                               k.attributes.empty() ? std::string() : " [" + attributes_text(k.attributes) + "]"));
            },
            [&](const ir::CopyNode& c) {
              line(depth, fmt::format("copy {} : {} <- {}{};", n.name, slice_text(c.dst), slice_text(c.src),
                                      c.bytes ? " bytes " + expr_text(*c.bytes) : std::string()));
            },
            [&](const ir::MemsetNode& m) {
              line(depth, fmt::format("memset {} : {} = {};", n.name, slice_text(m.dst), expr_text(m.value)));
            },
            [&]<ir::CallsFunction Op>(const Op& op) {
              line(depth,
                   fmt::format("{} {} : {}{};", ir::kind_info(n).keyword, n.name, op.function, args_text(op.args)));
            },
            [&](const ir::EmptyNode&) { line(depth, fmt::format("empty {};", n.name)); },
            [&](const ir::EventRecordNode& r) { line(depth, fmt::format("record {} : {};", n.name, r.event)); },
            [&](const ir::EventWaitNode& w) { line(depth, fmt::format("wait {} : {};", n.name, w.event)); },
            [&](const ir::AllocNode& a) {
              const ir::Buffer& memory = graph_.buffer(a.buffer);
              line(depth,
                   fmt::format("alloc {} : {}[{}]{}{};", n.name, ir::type_name(memory.type), expr_text(memory.count),
                               memory.device || !memory.peers.empty() ? " device" : "", placement_text(memory)));
            },
            [&](const ir::FreeNode& f) { line(depth, fmt::format("free {} : {};", n.name, f.alloc)); },
            [&](const ir::ChildGraphNode& c) {
              line(depth, fmt::format("call {} : {}{};", n.name, c.graph,
                                      c.args_range.valid() ? args_text(c.args) : std::string()));
            },
            [&](const ir::ConditionalNode& c) { conditional(n, c, depth); },
        },
        n.op);
  }

  void conditional(const ir::Node& n, const ir::ConditionalNode& c, int depth) {
    const std::string head = fmt::format("{} {} ({}) {{", ir::type_name(c.type), n.name, c.cond);
    line(depth, head);
    if (c.type == ir::ConditionalNode::Type::switch_) {
      for (std::size_t i = 0; i < c.bodies.size(); ++i) {
        line(depth + 1, fmt::format("case {} {{", i));
        items(c.bodies[i], depth + 2, false);
        line(depth + 1, "}");
      }
      line(depth, "}");
      return;
    }
    items(c.bodies.at(0), depth + 1, false);
    if (c.bodies.size() > 1) {
      line(depth, "} else {");
      items(c.bodies[1], depth + 1, false);
    }
    line(depth, "}");
  }

  std::string& out_;
  const ir::Graph& graph_;
};

}  // namespace

std::string emit_text(const ir::Module& module, FileId file) {
  std::string out;
  for (const ir::ModuleDecl& m : module.modules) {
    if (m.range.file == file) out += fmt::format("module \"{}\";\n", m.path);
  }
  for (const ir::Import& i : module.imports) out += fmt::format("import \"{}\";\n", i.path);
  for (const ir::StructDecl& s : module.structs) {
    if (s.imported) continue;
    if (!out.empty()) out += "\n";
    out += fmt::format("struct {} {{\n", s.name);
    for (const ir::StructField& f : s.fields) {
      out += fmt::format("    {} : {}{};\n", f.name, ir::type_name(f.type), f.pointer ? "*" : "");
    }
    out += "}\n";
  }
  for (const ir::Graph& g : module.graphs) {
    if (g.imported) continue;
    if (!out.empty()) out += "\n";
    TextWriter(out, g).graph();
  }
  return format::format_text(out);  // long statements broken over lines as graphc fmt breaks them
}

}  // namespace graphc::backend

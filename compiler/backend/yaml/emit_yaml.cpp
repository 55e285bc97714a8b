#include "backend/yaml/emit_yaml.h"

#include <algorithm>
#include <variant>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "backend/text/expr_text.h"
#include "ir/node_kind.h"
#include "ir/overloaded.h"

namespace graphc::backend {
namespace {

// Writes one graph: small maps in flow style (`{type: f32, count: N}`), one line each.
class YamlWriter {
 public:
  YamlWriter(YAML::Emitter& out, const ir::Graph& graph) : out_(out), graph_(graph) {}

  // `variants: {B: [1, 2, 4]}`, then `consts: {N: 1024}`.
  void consts() {
    const auto is_variant = [](const ir::Const& c) { return !c.variants.empty(); };
    if (std::ranges::any_of(graph_.consts, is_variant)) {
      out_ << YAML::Key << "variants" << YAML::Value << YAML::BeginMap;
      for (const ir::Const& c : graph_.consts) {
        if (!is_variant(c)) continue;
        out_ << YAML::Key << c.name << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const ir::Expr& v : c.variants) out_ << expr_text(v);
        out_ << YAML::EndSeq;
      }
      out_ << YAML::EndMap;
    }
    if (std::ranges::all_of(graph_.consts, is_variant)) return;
    out_ << YAML::Key << "consts" << YAML::Value << YAML::BeginMap;
    for (const ir::Const& c : graph_.consts) {
      if (!is_variant(c)) out_ << YAML::Key << c.name << YAML::Value << expr_text(c.value);
    }
    out_ << YAML::EndMap;
  }

  void graph() {
    out_ << YAML::BeginMap;
    if (!graph_.parameters.empty()) parameters();
    if (graph_.device_launch.valid())
      out_ << YAML::Key << "attributes" << YAML::Value << YAML::Flow << YAML::BeginSeq << "device_launch"
           << YAML::EndSeq;
    consts();
    params();
    buffers();
    views();
    attributed_names("events", graph_.events, [](const ir::Event& e) { return e.timing ? "timing" : ""; });
    std::vector<ir::Comm> comms;  // those declared with `comm`, not the parameters
    for (std::uint32_t i = 0; i < graph_.comms.size(); ++i) {
      if (!graph_.is_parameter(ir::CommId{i})) comms.push_back(graph_.comms[i]);
    }
    attributed_names("comms", comms, [](const ir::Comm& c) { return ir::registration_name(c.registration); });
    items(ir::BodyId{});
    out_ << YAML::EndMap;
  }

 private:
  // `key: [a, {b: [attribute]}]`: declarations by name, each with its one attribute (events'
  // `timing`, communicators' `register` or `window`) where `attribute` gives one; nothing for none.
  template <class Decl, class Attribute>
  void attributed_names(const char* key, const std::vector<Decl>& decls, Attribute attribute) {
    if (decls.empty()) return;
    out_ << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const Decl& d : decls) {
      const std::string_view word = attribute(d);
      if (word.empty()) {
        out_ << d.name;
        continue;
      }
      out_ << YAML::BeginMap << YAML::Key << d.name << YAML::Value << YAML::Flow << YAML::BeginSeq << std::string(word)
           << YAML::EndSeq << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
  }

  void parameters() {
    out_ << YAML::Key << "parameters" << YAML::Value << YAML::BeginSeq;
    for (const ir::Parameter& p : graph_.parameters) {
      out_ << YAML::Flow << YAML::BeginMap;
      if (p.kind == ir::Parameter::Kind::buffer) {
        const ir::Buffer& b = graph_.buffer(p.buffer);
        out_ << YAML::Key << "name" << YAML::Value << b.name << YAML::Key << "type" << YAML::Value
             << std::string(ir::type_name(b.type)) << YAML::Key << "count" << YAML::Value << expr_text(b.count)
             << YAML::Key << "space" << YAML::Value << std::string(ir::space_name(b.space));
      } else if (p.kind == ir::Parameter::Kind::comm) {
        out_ << YAML::Key << "name" << YAML::Value << graph_.comm(p.comm).name << YAML::Key << "type" << YAML::Value
             << "comm";
      } else {
        const ir::Param& s = graph_.param(p.param);
        out_ << YAML::Key << "name" << YAML::Value << s.name << YAML::Key << "type" << YAML::Value
             << std::string(ir::type_name(s.type));
      }
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
  }

  void params() {
    bool open = false;
    for (std::uint32_t i = 0; i < graph_.params.size(); ++i) {
      if (graph_.is_parameter(ir::ParamId{i})) continue;
      if (!open) out_ << YAML::Key << "params" << YAML::Value << YAML::BeginMap;
      open = true;
      const ir::Param& p = graph_.params[i];
      out_ << YAML::Key << p.name << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "type" << YAML::Value
           << std::string(ir::type_name(p.type));
      if (const std::string text = param_default_text(p); !text.empty()) {
        out_ << YAML::Key << "default" << YAML::Value << text;
      }
      out_ << YAML::EndMap;
    }
    if (open) out_ << YAML::EndMap;
  }

  void buffers() {
    bool open = false;
    for (std::uint32_t i = 0; i < graph_.buffers.size(); ++i) {
      const ir::Buffer& b = graph_.buffers[i];
      if (b.alloc.valid() || b.view || graph_.is_parameter(ir::BufferId{i})) continue;
      if (!open) out_ << YAML::Key << "buffers" << YAML::Value << YAML::BeginMap;
      open = true;
      out_ << YAML::Key << b.name << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "type" << YAML::Value
           << std::string(ir::type_name(b.type)) << YAML::Key << "count" << YAML::Value;
      if (b.width) {
        out_ << YAML::Flow << YAML::BeginSeq;
        if (b.depth) out_ << expr_text(*b.depth);
        out_ << expr_text(b.count) << expr_text(*b.width) << YAML::EndSeq;
      } else {
        out_ << expr_text(b.count);
      }
      out_ << YAML::Key << "space" << YAML::Value << std::string(ir::space_name(b.space));
      placement(b);
      if (b.init.kind != ir::BufferInit::Kind::none) init(b.init);
      out_ << YAML::EndMap;
    }
    if (open) out_ << YAML::EndMap;
  }

  // `device: 1, peers: [0]`: where a buffer's or an alloc's memory is placed, as written.
  void placement(const ir::Buffer& b) {
    if (b.device) out_ << YAML::Key << "device" << YAML::Value << expr_text(*b.device);
    if (b.peers.empty()) return;
    out_ << YAML::Key << "peers" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const ir::Expr& p : b.peers) out_ << expr_text(p);
    out_ << YAML::EndSeq;
  }

  void views() {
    bool open = false;
    for (const ir::Buffer& b : graph_.buffers) {
      if (!b.view) continue;
      if (!open) out_ << YAML::Key << "views" << YAML::Value << YAML::BeginMap;
      open = true;
      out_ << YAML::Key << b.name << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "type" << YAML::Value
           << std::string(ir::type_name(b.type)) << YAML::Key << "count" << YAML::Value << expr_text(b.count)
           << YAML::Key << "of" << YAML::Value << b.view->base;
      if (b.view->offset) out_ << YAML::Key << "offset" << YAML::Value << expr_text(*b.view->offset);
      if (b.init.kind != ir::BufferInit::Kind::none) init(b.init);
      out_ << YAML::EndMap;
    }
    if (open) out_ << YAML::EndMap;
  }

  void init(const ir::BufferInit& init) {
    out_ << YAML::Key << "init" << YAML::Value << YAML::BeginMap;
    switch (init.kind) {
      case ir::BufferInit::Kind::fill:
        out_ << YAML::Key << "fill" << YAML::Value << expr_text(init.values.at(0));
        break;
      case ir::BufferInit::Kind::iota:
        out_ << YAML::Key << "iota" << YAML::Value << expr_text(init.values.at(0));
        break;
      case ir::BufferInit::Kind::list:
        out_ << YAML::Key << "list" << YAML::Value << YAML::BeginSeq;
        for (const ir::Expr& v : init.values) out_ << expr_text(v);
        out_ << YAML::EndSeq;
        break;
      case ir::BufferInit::Kind::none: break;
    }
    out_ << YAML::EndMap;
  }

  // The conds, nodes and edges of the graph or of one body.
  void items(ir::BodyId body) {
    bool open = false;
    for (const ir::Cond& c : graph_.conds) {
      if (c.body != body) continue;
      if (!open) out_ << YAML::Key << "conds" << YAML::Value << YAML::BeginMap;
      open = true;
      out_ << YAML::Key << c.name << YAML::Value << YAML::Flow << YAML::BeginMap;
      if (c.default_value) out_ << YAML::Key << "default" << YAML::Value << expr_text(*c.default_value);
      out_ << YAML::EndMap;
    }
    if (open) out_ << YAML::EndMap;
    open = false;
    for (const ir::Node& n : graph_.nodes) {
      if (n.body != body || n.synthetic) continue;
      if (!open) out_ << YAML::Key << "nodes" << YAML::Value << YAML::BeginMap;
      open = true;
      out_ << YAML::Key << n.name << YAML::Value;
      node(n);
    }
    if (open) out_ << YAML::EndMap;
    edges(body);
  }

  void node(const ir::Node& n) {
    if (const auto* c = std::get_if<ir::ConditionalNode>(&n.op)) {
      conditional(*c);
      return;
    }
    out_ << YAML::Flow << YAML::BeginMap;
    std::visit(ir::Overloaded{
                   [&](const ir::KernelNode& k) {
                     out_ << YAML::Key << "kernel" << YAML::Value << k.function;
                     dims("grid", k.grid);
                     dims("block", k.block);
                     if (k.shared_memory) out_ << YAML::Key << "shared" << YAML::Value << expr_text(*k.shared_memory);
                     args(k.args);
                     if (!k.attributes.empty()) {
                       out_ << YAML::Key << "attributes" << YAML::Value << YAML::Flow << YAML::BeginSeq;
                       for (const ir::KernelAttribute& a : k.attributes) out_ << attribute_text(a);
                       out_ << YAML::EndSeq;
                     }
                   },
                   [&](const ir::CopyNode& c) {
                     out_ << YAML::Key << "copy" << YAML::Value << YAML::BeginMap << YAML::Key << "dst" << YAML::Value
                          << slice_text(c.dst) << YAML::Key << "src" << YAML::Value << slice_text(c.src);
                     if (c.bytes) out_ << YAML::Key << "bytes" << YAML::Value << expr_text(*c.bytes);
                     out_ << YAML::EndMap;
                   },
                   [&](const ir::MemsetNode& m) {
                     out_ << YAML::Key << "memset" << YAML::Value << YAML::BeginMap << YAML::Key << "dst" << YAML::Value
                          << slice_text(m.dst) << YAML::Key << "value" << YAML::Value << expr_text(m.value)
                          << YAML::EndMap;
                   },
                   [&](const ir::HostNode& h) {
                     out_ << YAML::Key << "host" << YAML::Value << h.function;
                     if (!h.args.empty()) args(h.args);
                   },
                   [&](const ir::EmptyNode&) {
                     out_ << YAML::Key << "empty" << YAML::Value << YAML::BeginMap << YAML::EndMap;
                   },
                   [&](const ir::EventRecordNode& r) { out_ << YAML::Key << "record" << YAML::Value << r.event; },
                   [&](const ir::EventWaitNode& w) { out_ << YAML::Key << "wait" << YAML::Value << w.event; },
                   [&](const ir::AllocNode& a) {
                     const ir::Buffer& memory = graph_.buffer(a.buffer);
                     out_ << YAML::Key << "alloc" << YAML::Value << YAML::BeginMap << YAML::Key << "type" << YAML::Value
                          << std::string(ir::type_name(memory.type)) << YAML::Key << "count" << YAML::Value
                          << expr_text(memory.count);
                     placement(memory);
                     out_ << YAML::EndMap;
                   },
                   [&](const ir::FreeNode& f) { out_ << YAML::Key << "free" << YAML::Value << f.alloc; },
                   [&](const ir::ChildGraphNode& c) {
                     out_ << YAML::Key << "call" << YAML::Value << c.graph;
                     if (c.args_range.valid()) args(c.args);
                   },
                   [&]<ir::CallsFunction Op>(const Op& op) {
                     out_ << YAML::Key << std::string(ir::kind_info(n).keyword) << YAML::Value << op.function;
                     args(op.args);
                   },
                   [&](const ir::ConditionalNode&) {},
               },
               n.op);
    out_ << YAML::EndMap;
  }

  void dims(const char* key, const std::vector<ir::Expr>& d) {
    out_ << YAML::Key << key << YAML::Value;
    if (d.size() == 1) {
      out_ << expr_text(d[0]);
      return;
    }
    out_ << YAML::BeginSeq;
    for (const ir::Expr& e : d) out_ << expr_text(e);
    out_ << YAML::EndSeq;
  }

  void args(const std::vector<ir::KernelArg>& list) {
    out_ << YAML::Key << "args" << YAML::Value << YAML::BeginSeq;
    for (const ir::KernelArg& a : list) out_ << arg_text(a);
    out_ << YAML::EndSeq;
  }

  // {if: c, then: {...}, else: {...}}, {while: c, body: {...}}, {switch: c, cases: [...]}
  void conditional(const ir::ConditionalNode& c) {
    out_ << YAML::BeginMap << YAML::Key << std::string(ir::type_name(c.type)) << YAML::Value << c.cond;
    switch (c.type) {
      case ir::ConditionalNode::Type::if_:
        out_ << YAML::Key << "then" << YAML::Value;
        body(c.bodies.at(0));
        if (c.bodies.size() > 1) {
          out_ << YAML::Key << "else" << YAML::Value;
          body(c.bodies[1]);
        }
        break;
      case ir::ConditionalNode::Type::while_:
        out_ << YAML::Key << "body" << YAML::Value;
        body(c.bodies.at(0));
        break;
      case ir::ConditionalNode::Type::switch_:
        out_ << YAML::Key << "cases" << YAML::Value << YAML::BeginSeq;
        for (const ir::BodyId b : c.bodies) body(b);
        out_ << YAML::EndSeq;
        break;
    }
    out_ << YAML::EndMap;
  }

  void body(ir::BodyId b) {
    out_ << YAML::BeginMap;
    items(b);
    out_ << YAML::EndMap;
  }

  // Chains of default edges as lists, port edges as maps, in the graph's order.
  void edges(ir::BodyId body) {
    bool open = false;
    for (const ir::Edge& e : graph_.edges) {
      if (e.body != body || graph_.synthetic(e)) continue;
      if (!open) out_ << YAML::Key << "edges" << YAML::Value << YAML::BeginSeq;
      open = true;
      if (e.port == ir::EdgePort::default_) {
        out_ << YAML::Flow << YAML::BeginSeq << e.from << e.to << YAML::EndSeq;
      } else {
        out_ << YAML::Flow << YAML::BeginMap << YAML::Key << "from" << YAML::Value << e.from << YAML::Key << "to"
             << YAML::Value << e.to << YAML::Key << "port" << YAML::Value
             << (e.port == ir::EdgePort::programmatic ? "programmatic" : "launch_completion") << YAML::EndMap;
      }
    }
    if (open) out_ << YAML::EndSeq;
  }

  YAML::Emitter& out_;
  const ir::Graph& graph_;
};

}  // namespace

std::string emit_yaml(const ir::Module& module, FileId file) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  bool open = false;
  for (const ir::ModuleDecl& m : module.modules) {
    if (m.range.file != file) continue;
    if (!open) out << YAML::Key << "modules" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    open = true;
    out << m.path;
  }
  if (open) out << YAML::EndSeq;
  if (!module.imports.empty()) {
    out << YAML::Key << "imports" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const ir::Import& i : module.imports) out << i.path;
    out << YAML::EndSeq;
  }
  open = false;
  for (const ir::StructDecl& s : module.structs) {
    if (s.imported) continue;
    if (!open) out << YAML::Key << "structs" << YAML::Value << YAML::BeginMap;
    open = true;
    out << YAML::Key << s.name << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const ir::StructField& f : s.fields) {
      out << YAML::Key << f.name << YAML::Value << std::string(ir::type_name(f.type)) + (f.pointer ? "*" : "");
    }
    out << YAML::EndMap;
  }
  if (open) out << YAML::EndMap;
  out << YAML::Key << "graphs" << YAML::Value << YAML::BeginMap;
  for (const ir::Graph& g : module.graphs) {
    if (g.imported) continue;
    out << YAML::Key << g.name << YAML::Value;
    YamlWriter(out, g).graph();
  }
  out << YAML::EndMap << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace graphc::backend

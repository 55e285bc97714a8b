#include "backend/cpp/graph_names.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <variant>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "ir/host_args.h"
#include "ir/node_kind.h"
#include "ir/windows.h"

namespace graphc::backend {
namespace {

// The field names of a host function's argument struct, from the arguments of the first
// node that calls it: a name as written (`y`, `scale`, `N`; `y` for `y + k`), else `argK`
// (1-based), and `argK` for a name already taken.
std::vector<std::string> host_arg_fields(const ir::HostNode& host) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < host.args.size(); ++i) {
    const ir::KernelArg& arg = host.args[i];
    const ir::Expr& expr = arg.kind == ir::KernelArg::Kind::buffer && arg.expr.kind == ir::Expr::Kind::add
                               ? arg.expr.operands.at(0)
                               : arg.expr;
    std::string field = expr.kind == ir::Expr::Kind::name ? identifier(expr.name) : std::string();
    if (field.empty() || std::find(out.begin(), out.end(), field) != out.end()) field = fmt::format("arg{}", i + 1);
    out.push_back(std::move(field));
  }
  return out;
}

// Members of one struct: each C++ name once, remembering what declared it.
class MemberSet {
 public:
  MemberSet(const ir::Graph& graph, std::string_view owner) : graph_(graph), owner_(owner) {}

  const std::string& add(std::string member, std::string what) {
    auto [it, inserted] = members_.emplace(member, what);
    if (!inserted) {
      throw std::runtime_error(
          fmt::format("graph '{}': {} and {} both become the member '{}' of the generated {}; rename one of them",
                      graph_.name, it->second, what, member, owner_));
    }
    return it->first;
  }

 private:
  const ir::Graph& graph_;
  std::string_view owner_;
  std::map<std::string, std::string> members_;
};

// `graph`, then the graphs it calls, transitively, each once.
std::vector<const ir::Graph*> call_tree(const ir::Module& module, const ir::Graph& graph) {
  std::vector<const ir::Graph*> graphs{&graph};
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    for (const ir::Node& node : graphs[i]->nodes) {
      const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
      if (call == nullptr) continue;
      const ir::Graph* callee = &module.graph(call->graph_id);
      if (std::find(graphs.begin(), graphs.end(), callee) == graphs.end()) graphs.push_back(callee);
    }
  }
  return graphs;
}

// The C++ type of what a capture argument passes: `T*` for a buffer, else the value's type.
std::string capture_arg_type(const ir::Graph& graph, const ir::KernelArg& arg) {
  switch (arg.kind) {
    case ir::KernelArg::Kind::buffer: return std::string(ir::cpp_type_name(graph.buffer(arg.buffer).type)) + "*";
    case ir::KernelArg::Kind::param: return std::string(ir::cpp_type_name(graph.param(arg.param).type));
    default: return std::string(ir::cpp_type_name(arg.value.type));
  }
}

}  // namespace

const CaptureFunctionName& GraphNames::capture_function(std::string_view name) const {
  for (const CaptureFunctionName& function : capture_functions) {
    if (function.name == name) return function;
  }
  throw std::logic_error("C++ back end: no Bindings member for a capture function");
}

const HostFunction& GraphNames::host_function(std::string_view name) const {
  for (const HostFunction& function : host_functions) {
    if (function.name == name) return function;
  }
  throw std::logic_error("C++ back end: no Bindings member for a host function");
}

const std::string& GraphNames::graph_exec(ir::GraphId id) const {
  for (const auto& [graph, member] : graph_execs) {
    if (graph == id) return member;
  }
  throw std::logic_error("C++ back end: no Bindings member for a graph exec");
}

namespace {

// A view's pointer in build(): its root's, advanced by the view's offset in bytes and cast to
// its element type.
std::string view_pointer(const ir::Graph& graph, const GraphNames& names, ir::BufferId id) {
  const ir::Graph::Storage storage = graph.storage(id);
  const std::string& root = names.pointers.at(storage.root.value);
  const std::string type = fmt::format("{}*", ir::cpp_type_name(graph.buffer(id).type));
  if (storage.offset == 0) return fmt::format("reinterpret_cast<{}>({})", type, root);
  return fmt::format("reinterpret_cast<{}>(reinterpret_cast<std::byte*>({}) + {})", type, root, storage.offset);
}

}  // namespace

namespace {

// The host functions of the graph's host nodes and of the graphs it calls, each once, with
// their two Bindings members and argument struct's fields.
void name_host_functions(const ir::Module& module, const ir::Graph& graph, MemberSet& bindings, GraphNames& names) {
  for (const ir::Graph* in : call_tree(module, graph)) {
    for (const ir::Node& node : in->nodes) {
      const auto* host = std::get_if<ir::HostNode>(&node.op);
      if (host == nullptr) continue;
      const bool known = std::any_of(names.host_functions.begin(), names.host_functions.end(),
                                     [&](const HostFunction& f) { return f.name == host->function; });
      if (known) continue;
      const std::string what = fmt::format("host function '{}'", escape(host->function));
      const std::string member = function_member(host->function);
      HostFunction function{host->function, bindings.add(member, what), bindings.add(member + "_data", what)};
      const ir::HostArgsLayout layout = ir::host_args_layout(*in, *host);
      for (const ir::HostArgField& field : layout.fields) function.types.push_back(ir::host_arg_cpp_type(field));
      function.fields = host_arg_fields(*host);
      names.host_functions.push_back(std::move(function));
    }
  }
}

// The registered capture functions of the graph's capture nodes and of the graphs it calls,
// each once with its Bindings member; the capture resources' members when there are any.
void name_capture_functions(const ir::Module& module, const ir::Graph& graph, MemberSet& bindings, GraphNames& names) {
  for (const ir::Graph* in : call_tree(module, graph)) {
    for (const ir::Node& node : in->nodes) {
      if (ir::kind_info(node).update != UpdatePath::recapture) continue;  // a capture or a collective
      names.captures = true;
      const auto* capture = std::get_if<ir::CaptureNode>(&node.op);
      if (capture == nullptr || capture->library.op != ir::LibraryOp::none) continue;
      std::vector<std::string> types;
      for (const ir::KernelArg& arg : capture->args) types.push_back(capture_arg_type(*in, arg));
      const auto known = std::find_if(names.capture_functions.begin(), names.capture_functions.end(),
                                      [&](const CaptureFunctionName& f) { return f.name == capture->function; });
      if (known == names.capture_functions.end()) {
        const std::string what = fmt::format("capture function '{}'", escape(capture->function));
        names.capture_functions.push_back({capture->function, bindings.add(function_member(capture->function), what),
                                           types});
      } else if (known->types != types) {
        throw std::runtime_error(fmt::format(
            "graph '{}': capture function '{}' receives ({}) in one node and ({}) in node '{}'; the generated "
            "Bindings member has one type, so give every call the same argument types",
            graph.name, escape(capture->function), fmt::join(known->types, ", "), fmt::join(types, ", "),
            escape(node.name)));
      }
    }
  }
  if (names.captures) {
    bindings.add(capture_resources_member, "the capture nodes' resources");
    bindings.add(capture_place_member, "the capture nodes' place");
  }
}

// The Bindings member per graph whose exec a kernel argument passes (`@g`), in order of first use.
void name_graph_execs(const ir::Module& module, const ir::Graph& graph, MemberSet& bindings, GraphNames& names) {
  for (const ir::Node& node : graph.nodes) {
    const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    if (kernel == nullptr) continue;
    for (const ir::KernelArg& arg : kernel->args) {
      if (arg.kind != ir::KernelArg::Kind::graph_exec) continue;
      const bool known = std::any_of(names.graph_execs.begin(), names.graph_execs.end(),
                                     [&](const auto& e) { return e.first == arg.graph_id; });
      if (known) continue;
      const std::string& target = module.graph(arg.graph_id).name;
      names.graph_execs.emplace_back(arg.graph_id, bindings.add(identifier(target) + "_exec",
                                                                fmt::format("the exec of graph '{}'", escape(target))));
    }
  }
}

// The members of Nodes: a handle per node, a device-updatable node's device node handle, a
// call's child nodes, a host node's argument blocks, a capture node's workspace and shape, a
// handle per cond, an alloc's address.
void name_nodes(const ir::Graph& graph, GraphNames& names) {
  MemberSet nodes(graph, "Nodes");
  for (const ir::Node& node : graph.nodes) {
    names.nodes.push_back(nodes.add(identifier(node.name), fmt::format("node '{}'", escape(node.name))));
  }
  for (const ir::Node& node : graph.nodes) {
    names.device_nodes.push_back(ir::device_updatable(node)
                                     ? nodes.add(identifier(node.name) + "_handle",
                                                 fmt::format("the device node handle of '{}'", escape(node.name)))
                                     : std::string());
  }
  for (const ir::Node& node : graph.nodes) {
    names.call_nodes.push_back(std::holds_alternative<ir::ChildGraphNode>(node.op)
                                   ? nodes.add(identifier(node.name) + "_nodes",
                                               fmt::format("the nodes of call '{}'", escape(node.name)))
                                   : std::string());
  }
  for (const ir::Node& node : graph.nodes) {
    const auto* host = std::get_if<ir::HostNode>(&node.op);
    names.host_calls.push_back(host != nullptr && !host->args.empty()
                                   ? nodes.add(identifier(node.name) + "_calls",
                                               fmt::format("the argument blocks of host '{}'", escape(node.name)))
                                   : std::string());
  }
  for (const ir::Node& node : graph.nodes) {
    const auto* capture = std::get_if<ir::CaptureNode>(&node.op);
    const bool library = capture != nullptr && capture->library.op != ir::LibraryOp::none;
    const bool captured = ir::kind_info(node).update == UpdatePath::recapture;  // a capture or a collective
    const std::string what = fmt::format("{} '{}'", ir::kind_name(node), escape(node.name));
    const bool plan = library && ir::has_plan(capture->library.op);
    names.workspaces.push_back(library ? nodes.add(identifier(node.name) + (plan ? "_plan" : "_workspace"), what)
                                       : std::string());
    names.shapes.push_back(captured ? nodes.add(identifier(node.name) + "_shape", what) : std::string());
    const auto* collective = std::get_if<ir::CollectiveNode>(&node.op);
    const bool registers = collective != nullptr && collective->collective.op != ir::CollectiveOp::none &&
                           graph.comm(collective->collective.comm).registration == ir::CommRegistration::buffers;
    names.registrations.push_back(registers ? nodes.add(identifier(node.name) + "_registered", what) : std::string());
    if (collective != nullptr && names.windows.empty() && ir::over_window(graph, *collective)) {
      names.windows = nodes.add("windows", "the windows");
    }
  }
  for (const ir::Cond& cond : graph.conds) {
    names.conds.push_back(nodes.add(identifier(cond.name), fmt::format("cond '{}'", escape(cond.name))));
  }
  for (std::size_t i = 0; i < graph.buffers.size(); ++i) {
    const ir::Buffer& buffer = graph.buffers[i];
    if (!buffer.alloc.valid()) {
      names.dptrs.emplace_back();
      names.pointers.push_back("b." + names.buffers[i]);
      continue;
    }
    names.dptrs.push_back(nodes.add(identifier(buffer.name) + "_dptr",
                                    fmt::format("the address of alloc '{}'", escape(buffer.name))));
    names.pointers.push_back("nodes." + names.dptrs.back());
  }
  for (std::uint32_t i = 0; i < graph.buffers.size(); ++i) {
    if (graph.buffers[i].view) names.pointers[i] = view_pointer(graph, names, ir::BufferId{i});
  }
}

}  // namespace

GraphNames graph_names(const ir::Module& module, const ir::Graph& graph, bool library_modules) {
  GraphNames names;
  names.space = identifier(graph.name);
  MemberSet bindings(graph, "Bindings");
  for (const ir::Buffer& buffer : graph.buffers) {
    // An alloc's memory is no binding: its address is a Nodes member (name_nodes); nor is a view.
    names.buffers.push_back(!buffer.bindable() ? identifier(buffer.name)
                                               : bindings.add(identifier(buffer.name),
                                                              fmt::format("buffer '{}'", escape(buffer.name))));
  }
  for (const ir::Param& param : graph.params) {
    names.params.push_back(bindings.add(identifier(param.name), fmt::format("param '{}'", escape(param.name))));
  }
  for (const ir::Event& event : graph.events) {
    names.events.push_back(bindings.add(identifier(event.name), fmt::format("event '{}'", escape(event.name))));
  }
  for (const ir::Comm& comm : graph.comms) {
    names.comms.push_back(bindings.add(identifier(comm.name), fmt::format("communicator '{}'", escape(comm.name))));
  }
  name_host_functions(module, graph, bindings, names);
  name_capture_functions(module, graph, bindings, names);
  name_graph_execs(module, graph, bindings, names);
  if (library_modules) bindings.add(module_dir_member, "the folder of the kernel libraries");
  name_nodes(graph, names);
  return names;
}

}  // namespace graphc::backend

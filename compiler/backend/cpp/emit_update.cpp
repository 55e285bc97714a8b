// update_params(): every kernel node that passes a param or a graph's exec (`@g`), and
// every node a param configures, gets its parameters again from the Bindings' current
// values (its <node>_params(), which computes a configuration with <node>_config(b)), set
// through cudaGraphExecNodeSetParams (graphc::set_node; no re-instantiation); every call
// node that passes a param on has its graph's update_params() run with the Bindings it
// built the graph with (CUDA updates the nodes of a child graph in the exec of its parent). set_NAME(), one per param,
// does the same for the nodes that use that param only, after setting it in `b` and checking the configurations it
// changes. rebind_NAME(), one per buffer the graph owns, gives a buffer new memory the same way: every node that uses
// it is set again (a call node's graph through its update_buffers(), which a graph with buffer parameters has), after
// the memory is checked (graphc::check_rebinding) and the capture nodes that pass it are captured again.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/capture_node.h"
#include "backend/cpp/child_call.h"
#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/host_node.h"
#include "backend/cpp/kernel_launch.h"
#include "backend/cpp/loop_runs.h"
#include "backend/cpp/memory_ops.h"
#include "backend/cpp/node_config.h"
#include "ir/devices.h"
#include "ir/node_kind.h"
#include "ir/overloaded.h"
#include "ir/windows.h"

namespace graphc::backend {
namespace {

// A kernel, copy or memset node: `graphc::set_node(exec, nodes.x, x_params(b, nodes));`; one
// placed on a device, with that device current (`graphc::set_node_on(1, exec, ...)`).
void write_set_node(CodeWriter& out, const GraphContext& context, std::size_t index) {
  if (const std::optional<int> device = ir::placed_device(context.graph, context.graph.nodes[index])) {
    out.line(fmt::format("graphc::set_node_on({}, exec, nodes.{}, {});", *device, context.names.nodes[index],
                         params_call(context, index)));
    return;
  }
  out.line(fmt::format("graphc::set_node(exec, nodes.{}, {});", context.names.nodes[index],
                       params_call(context, index)));
}

// A call node: the called graph's `update` (update_params or update_buffers) with the
// Bindings the call built it with.
void write_call_update(CodeWriter& out, const GraphContext& context, std::size_t index, const ir::ChildGraphNode& call,
                       std::string_view update) {
  out.line(fmt::format("graphc::gen::{}::{}(exec, nodes.{}, {});", context.module_names.at(call.graph_id.value).space,
                       update, context.names.call_nodes.at(index), call_bindings(context, index)));
}

// Whether node `index` is set again when the bound values change: a kernel node that passes
// a param or a graph's exec, a node a param configures, a call, capture or host node that
// passes a param; with `param`, only those that use that param.
bool updated(const ir::Graph& graph, std::size_t index, std::optional<ir::ParamId> param) {
  const auto passes = [&](const ir::KernelArg& arg) {
    return arg.kind == ir::KernelArg::Kind::param && arg.param == *param;
  };
  const std::vector<ir::ParamId>& configuring = graph.nodes[index].config_params;
  if (param ? std::find(configuring.begin(), configuring.end(), *param) != configuring.end() : !configuring.empty()) {
    return true;
  }
  if (const auto* kernel = std::get_if<ir::KernelNode>(&graph.nodes[index].op)) {
    const std::vector<const ir::KernelArg*> values = ir::leaf_args(kernel->args);
    return param ? std::any_of(values.begin(), values.end(), [&](const ir::KernelArg* arg) { return passes(*arg); })
                 : passes_bound_value(*kernel);
  }
  if (const auto* call = std::get_if<ir::ChildGraphNode>(&graph.nodes[index].op)) {
    return param ? std::any_of(call->args.begin(), call->args.end(), passes) : passes_param(*call);
  }
  if (const auto* capture = std::get_if<ir::CaptureNode>(&graph.nodes[index].op)) {
    return capture_passes(*capture, param);
  }
  if (const auto* host = std::get_if<ir::HostNode>(&graph.nodes[index].op)) {
    return std::any_of(host->args.begin(), host->args.end(), [&](const ir::KernelArg& arg) {
      return arg.kind == ir::KernelArg::Kind::param && (!param || arg.param == *param);
    });
  }
  return false;
}

// Whether node `index` uses one of `buffers`: a kernel, call, capture or host argument, a
// copy end, a memset.
bool uses_buffer(const ir::Graph& graph, std::size_t index, const std::vector<ir::BufferId>& buffers) {
  // A view is among them when its root is: its pointer is computed from the root's.
  const auto among = [&](ir::BufferId id) {
    return std::find(buffers.begin(), buffers.end(), graph.storage(id).root) != buffers.end();
  };
  const auto passes = [&](const ir::KernelArg& arg) {
    return arg.kind == ir::KernelArg::Kind::buffer && among(arg.buffer);
  };
  const auto passes_any = [&](const std::vector<ir::KernelArg>& args) {
    const std::vector<const ir::KernelArg*> values = ir::leaf_args(args);
    return std::any_of(values.begin(), values.end(), [&](const ir::KernelArg* arg) { return passes(*arg); });
  };
  return std::visit(ir::Overloaded{[&]<ir::HasArgs Op>(const Op& op) { return passes_any(op.args); },
                                   [&](const ir::CopyNode& c) { return among(c.dst.id) || among(c.src.id); },
                                   [&](const ir::MemsetNode& m) { return among(m.dst.id); },
                                   [](const auto&) { return false; }},
                    graph.nodes[index].op);
}

// The lines and blocks that set nodes `updated` again in `exec` (blocks set off by blank
// lines); a call node through its graph's `call_update`.
void write_updates(CodeWriter& out, const GraphContext& context, const std::vector<std::size_t>& updated,
                   std::string_view call_update = "update_params") {
  const ir::Graph& graph = context.graph;
  bool after_block = false;
  for (std::size_t i = 0; i < updated.size(); ++i) {
    const LoopRun* run = run_of(context, updated[i]);
    if (run != nullptr && whole_run_at(updated, i, *run)) {
      if (i > 0) out.blank();
      write_loop(out, context, *run, 0, [&](std::size_t s) {
        if (run->calls) {
          const auto& call = std::get<ir::ChildGraphNode>(graph.nodes[run->first].op);
          out.line(fmt::format("graphc::gen::{}::{}(exec, nodes.*{}, {});",
                               context.module_names.at(call.graph_id.value).space, call_update,
                               loop_field(context, *run, "i", "nodes"), call_bindings(context, run->first, "i")));
        } else {
          out.line(fmt::format("graphc::set_node(exec, {}, {});", loop_handle(context, *run, loop_position(s)),
                               loop_params_call(context, *run, s)));
        }
      });
      after_block = true;
      i += run->size() - 1;
      continue;
    }
    const ir::Node& node = graph.nodes[updated[i]];
    const bool one_line = has_params_function(node) || std::holds_alternative<ir::ChildGraphNode>(node.op);
    if (i > 0 && (after_block || !one_line)) out.blank();
    after_block = !one_line;
    if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
      write_call_update(out, context, updated[i], *call, call_update);
    } else if (is_captured(node)) {
      write_capture_update(out, context, updated[i]);
    } else if (std::holds_alternative<ir::HostNode>(node.op)) {
      write_host_update(out, context, updated[i]);
    } else {
      write_set_node(out, context, updated[i]);
    }
  }
}

std::vector<std::size_t> updated_nodes(const ir::Graph& graph, std::optional<ir::ParamId> param) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    if (updated(graph, i, param)) out.push_back(i);
  }
  return out;
}

// The captured nodes (capture and collective nodes) among `nodes`.
std::vector<std::size_t> capture_nodes(const ir::Graph& graph, const std::vector<std::size_t>& nodes) {
  std::vector<std::size_t> out;
  for (const std::size_t i : nodes) {
    if (is_captured(graph.nodes[i])) out.push_back(i);
  }
  return out;
}

// The params capture node `index` passes, for R0044 ("alpha, beta").
std::string passed_params(const GraphContext& context, std::size_t index) {
  std::vector<std::string> names;
  for (const ir::KernelArg& arg : ir::function_call_of(context.graph.nodes[index])->args) {
    if (arg.kind != ir::KernelArg::Kind::param) continue;
    const std::string& name = context.graph.param(arg.param).name;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return fmt::format("{}", fmt::join(names, ", "));
}

// The locals holding the graphs of `captures` captured again, declared empty.
void declare_recaptures(CodeWriter& out, const GraphContext& context, const std::vector<std::size_t>& captures) {
  for (const std::size_t i : captures) out.line(fmt::format("graphc::ChildGraph {};", recaptured_local(context, i)));
}

// `b.member = value`, kept only when the configuration of every node in `configures` (and
// of the called graphs' nodes that it configures through a call node among them) is valid
// with it (graphc::config throws R0032 otherwise) and every node of `captures` captures
// again a graph of the same shape (`check`, naming `changed`): nothing changes on a refusal.
void write_checked_assignment(CodeWriter& out, const GraphContext& context, const std::string& member,
                              const std::string& value, const std::vector<std::size_t>& configures,
                              const std::vector<std::size_t>& captures, std::string_view check,
                              std::string_view changed) {
  declare_recaptures(out, context, captures);
  out.line(fmt::format("const auto previous = b.{};", member));
  out.line(fmt::format("b.{} = {};", member, value));
  out.line(captures.empty() ? "try {  // the nodes it configures, checked before any changes"
                            : "try {  // the nodes it configures and captures, checked before any changes");
  for (const std::size_t i : configures) {
    if (configured(context.graph.nodes[i])) out.line(fmt::format("  (void){};", config_call(context, i)));
  }
  {
    const Indented block(out);
    for (const std::size_t i : configures) write_call_config_check(out, context, i);
    for (const std::size_t i : captures) write_recapture(out, context, i, check, changed);
  }
  out.line("} catch (...) {");
  out.line(fmt::format("  b.{} = previous;", member));
  out.line("  throw;");
  out.line("}");
}

// set_NAME(): the param in `b`, then the nodes that use it.
void write_setter(CodeWriter& out, const GraphContext& context, ir::ParamId id) {
  const std::string& member = context.names.params.at(id.value);
  const std::string type(ir::cpp_type_name(context.graph.param(id).type));
  const std::vector<std::size_t> nodes = updated_nodes(context.graph, id);
  if (nodes.empty()) {
    out.line(fmt::format("void set_{}(cudaGraphExec_t, const Nodes&, Bindings& b, {} value) {{", member, type));
    out.line(fmt::format("  b.{} = value;  // no kernel or call node passes it", member));
    out.line("}");
    return;
  }
  out.line(fmt::format("void set_{}(cudaGraphExec_t exec, const Nodes& nodes, Bindings& b, {} value) {{", member,
                       type));
  {
    const Indented body(out);
    std::vector<std::size_t> configures;  // its own nodes, and calls that pass it to a graph it configures
    for (const std::size_t i : nodes) {
      const auto* call = std::get_if<ir::ChildGraphNode>(&context.graph.nodes[i].op);
      const bool checked_call =
          call != nullptr && call->graph_id.valid() && checks_config(context.module, call->graph_id);
      if (configured(context.graph.nodes[i]) || checked_call) configures.push_back(i);
    }
    const std::vector<std::size_t> captures = capture_nodes(context.graph, nodes);
    if (configures.empty() && captures.empty()) {
      out.line(fmt::format("b.{} = value;", member));
    } else {
      write_checked_assignment(out, context, member, "value", configures, captures, "graphc::require_same_shape",
                               context.graph.param(id).name);
    }
    write_updates(out, context, nodes);
  }
  out.line("}");
}

// The nodes that use one of `buffers`.
std::vector<std::size_t> buffer_users(const ir::Graph& graph, const std::vector<ir::BufferId>& buffers) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    if (uses_buffer(graph, i, buffers)) out.push_back(i);
  }
  return out;
}

// rebind_NAME(): buffer `id`'s new memory checked, set in `b`, then the nodes that use it.
void write_rebinder(CodeWriter& out, const GraphContext& context, ir::BufferId id) {
  const ir::Buffer& buffer = context.graph.buffer(id);
  const std::string& member = context.names.buffers.at(id.value);
  const std::string type = fmt::format("{}*", ir::cpp_type_name(buffer.type));
  const std::vector<std::size_t> nodes = buffer_users(context.graph, {id});
  out.line(
      fmt::format("void rebind_{}(cudaGraphExec_t{}, const Nodes&{}, Bindings& b, {} pointer, std::size_t count) {{",
                  member, nodes.empty() ? "" : " exec", nodes.empty() ? "" : " nodes", type));
  {
    const Indented body(out);
    out.line(fmt::format(
        "graphc::check_rebinding(pointer, count * sizeof(*pointer), sizeof(*pointer) * {}_count, {}, {}, {});", member,
        space_enumerator(buffer.space), string_literal(buffer.name), context.location_literal(buffer.name_range)));
    const std::vector<std::size_t> captures = capture_nodes(context.graph, nodes);
    if (captures.empty()) {
      out.line(fmt::format("b.{} = pointer;", member));
    } else {
      write_checked_assignment(out, context, member, "pointer", {}, captures, "graphc::require_same_shape_rebound",
                               buffer.name);
    }
    if (nodes.empty()) out.line("// No node uses it: nothing to set in the exec.");
    write_updates(out, context, nodes, "update_buffers");
  }
  out.line("}");
}

// update_buffers() of a graph with buffer parameters: every node that uses one, set again
// from `b` (a caller's rebind_NAME() runs it for the call that passes the buffer).
void write_buffer_update(CodeWriter& out, const GraphContext& context) {
  std::vector<ir::BufferId> parameters;
  for (const ir::Parameter& p : context.graph.parameters) {
    if (p.kind == ir::Parameter::Kind::buffer) parameters.push_back(p.buffer);
  }
  if (parameters.empty()) return;
  const std::vector<std::size_t> nodes = buffer_users(context.graph, parameters);
  out.blank();
  out.line(nodes.empty() ? "void update_buffers(cudaGraphExec_t, const Nodes&, const Bindings&) {"
                         : "void update_buffers(cudaGraphExec_t exec, const Nodes& nodes, const Bindings& b) {");
  {
    const Indented body(out);
    if (nodes.empty()) out.line("// No node uses a buffer parameter: nothing to update.");
    const std::vector<std::size_t> captures = capture_nodes(context.graph, nodes);
    if (!captures.empty()) {
      out.line("// The capture nodes' graphs, captured again and checked before any changes.");
      declare_recaptures(out, context, captures);
      for (const std::size_t i : captures)
        write_recapture(out, context, i, "graphc::require_same_shape_rebound", "a buffer parameter");
      out.blank();
    }
    write_updates(out, context, nodes, "update_buffers");
  }
  out.line("}");
}

}  // namespace

bool rebindable(const ir::Graph& graph, ir::BufferId id) {
  // An alloc's memory and a view have no binding of their own; a 2-D buffer is bound once,
  // with its pitch; a window once, on every rank alike (the runtime's R0075).
  if (!graph.buffer(id).bindable() || graph.buffer(id).two_d() || ir::window_memory(graph)[id.value]) return false;
  return std::none_of(graph.parameters.begin(), graph.parameters.end(),
                      [&](const ir::Parameter& p) { return p.kind == ir::Parameter::Kind::buffer && p.buffer == id; });
}

void emit_update(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  const std::vector<std::size_t> all = updated_nodes(graph, std::nullopt);
  if (all.empty()) {
    out.line("void update_params(cudaGraphExec_t, const Nodes&, const Bindings&) {");
    out.line(graph.params.empty() ? "  // The graph has no params: nothing to update."
                                  : "  // No kernel or call node passes a param: nothing to update.");
    out.line("}");
  } else {
    out.line("void update_params(cudaGraphExec_t exec, const Nodes& nodes, const Bindings& b) {");
    {
      const Indented body(out);
      const std::vector<std::size_t> captures = capture_nodes(graph, all);
      if (!captures.empty()) {
        out.line("// The capture nodes' graphs, captured again and checked before any changes.");
        declare_recaptures(out, context, captures);
        for (const std::size_t i : captures) {
          write_recapture(out, context, i, "graphc::require_same_shape", passed_params(context, i));
        }
        out.blank();
      }
      write_updates(out, context, all);
    }
    out.line("}");
  }
  for (std::uint32_t p = 0; p < graph.params.size(); ++p) {
    out.blank();
    write_setter(out, context, ir::ParamId{p});
  }
  for (std::uint32_t b = 0; b < graph.buffers.size(); ++b) {
    if (!rebindable(graph, ir::BufferId{b})) continue;
    out.blank();
    write_rebinder(out, context, ir::BufferId{b});
  }
  write_buffer_update(out, context);
}

}  // namespace graphc::backend

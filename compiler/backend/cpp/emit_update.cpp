// update_params(): every kernel node that passes a param or a graph's exec (`@g`) gets its
// launch again, with the Bindings' current values, through
// cudaGraphExecKernelNodeSetParams (no re-instantiation); every node a param configures
// gets its configuration computed again (<node>_config(b)) and set, a copy or memset
// through cudaGraphExecNodeSetParams; every call node that passes a param on has its
// graph's update_params() run with the Bindings it built the graph with (CUDA updates the
// nodes of a child graph in the exec of its parent). set_NAME(), one per param, does the
// same for the nodes that use that param only, after setting it in `b` and checking the
// configurations it changes.
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
#include "backend/cpp/kernel_launch.h"
#include "backend/cpp/memory_ops.h"
#include "backend/cpp/node_config.h"

namespace graphc::backend {
namespace {

void write_update(CodeWriter& out, const GraphContext& context, std::size_t index, const ir::KernelNode& kernel) {
  const ir::Node& node = context.graph.nodes[index];
  out.line(fmt::format("// {}: kernel {}", escape(node.name), launch_summary(node)));
  out.line("{");
  {
    const Indented block(out);
    write_kernel_args(out, context, node, kernel);
    out.line("cudaKernelNodeParams p{};");
    out.line(fmt::format("p.func = {};", kernel_function(context, node, kernel)));
    write_launch_config(out, context, index, "p.", false);
    out.line("p.kernelParams = args.pointers();");
    out.line(fmt::format("graphc::check_cuda(cudaGraphExecKernelNodeSetParams(exec, nodes.{}, &p), "
                         "\"cudaGraphExecKernelNodeSetParams\", {}, {});",
                         context.names.nodes[index], string_literal(node.name),
                         context.location_literal(node.name_range)));
  }
  out.line("}");
}

// A copy or memset a param configures: its parameters again, from the Bindings.
void write_memory_update(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes[index];
  const bool copy = std::holds_alternative<ir::CopyNode>(node.op);
  out.line(fmt::format("// {}: {}", escape(node.name), copy ? copy_summary(context, node) : memset_summary(context, node)));
  out.line("{");
  {
    const Indented block(out);
    if (copy) {
      write_copy_params(out, context, index);
    } else {
      write_memset_params(out, context, index);
    }
    out.line(fmt::format("graphc::check_cuda(cudaGraphExecNodeSetParams(exec, nodes.{}, &p), "
                         "\"cudaGraphExecNodeSetParams\", {}, {});",
                         context.names.nodes[index], string_literal(node.name),
                         context.location_literal(node.name_range)));
  }
  out.line("}");
}

void write_call_update(CodeWriter& out, const GraphContext& context, std::size_t index,
                       const ir::ChildGraphNode& call) {
  const ir::Node& node = context.graph.nodes[index];
  out.line(fmt::format("// {}: call {}", escape(node.name), call_summary(context, call)));
  out.line("{");
  {
    const Indented block(out);
    write_call_bindings(out, context, node, call);
    out.line(fmt::format("graphc::gen::{}::update_params(exec, nodes.{}, args);",
                         context.module_names.at(call.graph_id.value).space, context.names.call_nodes.at(index)));
  }
  out.line("}");
}

// Whether node `index` is set again when the bound values change: a kernel node that passes
// a param or a graph's exec, a node a param configures, or a call node that passes a param;
// with `param`, only those that use that param.
bool updated(const ir::Graph& graph, std::size_t index, std::optional<ir::ParamId> param) {
  const auto passes = [&](const ir::KernelArg& arg) {
    return arg.kind == ir::KernelArg::Kind::param && arg.param == *param;
  };
  const std::vector<ir::ParamId>& configuring = graph.nodes[index].config_params;
  if (param ? std::find(configuring.begin(), configuring.end(), *param) != configuring.end() : !configuring.empty()) {
    return true;
  }
  if (const auto* kernel = std::get_if<ir::KernelNode>(&graph.nodes[index].op)) {
    return param ? std::any_of(kernel->args.begin(), kernel->args.end(), passes) : passes_bound_value(*kernel);
  }
  if (const auto* call = std::get_if<ir::ChildGraphNode>(&graph.nodes[index].op)) {
    return param ? std::any_of(call->args.begin(), call->args.end(), passes) : passes_param(*call);
  }
  if (const auto* capture = std::get_if<ir::CaptureNode>(&graph.nodes[index].op)) {
    return capture_passes(*capture, param);
  }
  return false;
}

// The blocks that set nodes `updated` again in `exec`, after the library handles if a
// kernel among them needs them.
void write_updates(CodeWriter& out, const GraphContext& context, const std::vector<std::size_t>& updated) {
  const ir::Graph& graph = context.graph;
  const bool library_kernels = std::any_of(updated.begin(), updated.end(), [&](std::size_t i) {
    return std::holds_alternative<ir::KernelNode>(graph.nodes[i].op) && !compiled_in(context, graph.nodes[i]);
  });
  if (library_kernels) {
    write_library_handles(out, context);
    out.blank();
  }
  for (std::size_t i = 0; i < updated.size(); ++i) {
    if (i > 0) out.blank();
    const ir::Node& node = graph.nodes[updated[i]];
    if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
      write_call_update(out, context, updated[i], *call);
    } else if (std::holds_alternative<ir::CaptureNode>(node.op)) {
      write_capture_update(out, context, updated[i]);
    } else if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op)) {
      write_update(out, context, updated[i], *kernel);
    } else {
      write_memory_update(out, context, updated[i]);
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

// The capture nodes among `nodes`.
std::vector<std::size_t> capture_nodes(const ir::Graph& graph, const std::vector<std::size_t>& nodes) {
  std::vector<std::size_t> out;
  for (const std::size_t i : nodes) {
    if (std::holds_alternative<ir::CaptureNode>(graph.nodes[i].op)) out.push_back(i);
  }
  return out;
}

// The params capture node `index` passes, for R0044 ("alpha, beta").
std::string passed_params(const GraphContext& context, std::size_t index) {
  std::vector<std::string> names;
  for (const ir::KernelArg& arg : std::get<ir::CaptureNode>(context.graph.nodes[index].op).args) {
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

// `b.member = value`, kept only when the configuration of every node in `configures` is
// valid with it (graphc::config throws R0032 otherwise) and every node of `captures`
// captures again a graph of the same shape (R0044): nothing changes on a refusal.
void write_checked_assignment(CodeWriter& out, const GraphContext& context, const std::string& member,
                              const std::string& type, const std::vector<std::size_t>& configures,
                              const std::vector<std::size_t>& captures, std::string_view param) {
  declare_recaptures(out, context, captures);
  out.line(fmt::format("const {} previous = b.{};", type, member));
  out.line(fmt::format("b.{} = value;", member));
  out.line(captures.empty() ? "try {  // the nodes it configures, checked before any changes"
                            : "try {  // the nodes it configures and captures, checked before any changes");
  for (const std::size_t i : configures) out.line(fmt::format("  (void){};", config_call(context, i)));
  {
    const Indented block(out);
    for (const std::size_t i : captures) write_recapture(out, context, i, param);
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
  out.line(
      fmt::format("void set_{}(cudaGraphExec_t exec, const Nodes& nodes, Bindings& b, {} value) {{", member, type));
  {
    const Indented body(out);
    std::vector<std::size_t> configures;
    for (const std::size_t i : nodes) {
      if (configured(context.graph.nodes[i])) configures.push_back(i);
    }
    const std::vector<std::size_t> captures = capture_nodes(context.graph, nodes);
    if (configures.empty() && captures.empty()) {
      out.line(fmt::format("b.{} = value;", member));
    } else {
      write_checked_assignment(out, context, member, type, configures, captures, context.graph.param(id).name);
    }
    write_updates(out, context, nodes);
  }
  out.line("}");
}

}  // namespace

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
        for (const std::size_t i : captures) write_recapture(out, context, i, passed_params(context, i));
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
}

}  // namespace graphc::backend

#include "backend/cpp/host_node.h"

#include <algorithm>
#include <map>
#include <string>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/kernel_launch.h"
#include "backend/text/expr_text.h"

namespace graphc::backend {
namespace {

const ir::HostNode* host_with_args(const ir::Node& node) {
  const auto* host = std::get_if<ir::HostNode>(&node.op);
  return host != nullptr && !host->args.empty() ? host : nullptr;
}

std::string function_of(const GraphContext& context, const ir::HostNode& host) {
  return context.names.host_function(host.function).member;
}

// `log_stats(y, scale, N)` for comments.
std::string host_summary(const ir::HostNode& host) {
  std::vector<std::string> args;
  for (const ir::KernelArg& arg : host.args) args.push_back(expr_text(arg.expr));
  return fmt::format("host {}({})", escape(host.function), fmt::join(args, ", "));
}

// `NAME_host`: the function that makes node `index`'s argument block.
std::string block_function(const GraphContext& context, std::size_t index) {
  return context.names.nodes[index] + "_host";
}

}  // namespace

bool module_has_host_args(const ir::Module& module) {
  return std::any_of(module.graphs.begin(), module.graphs.end(), [](const ir::Graph& graph) {
    return std::any_of(graph.nodes.begin(), graph.nodes.end(),
                       [](const ir::Node& node) { return host_with_args(node) != nullptr; });
  });
}

void place_host_structs(const ir::Module& module, const std::vector<std::size_t>& order,
                        std::vector<GraphNames>& names) {
  std::map<std::string, std::size_t, std::less<>> homes;  // function -> the graph whose namespace holds it
  for (const std::size_t g : order) {
    for (const ir::Node& node : module.graphs[g].nodes) {
      if (const ir::HostNode* host = host_with_args(node)) homes.try_emplace(host->function, g);
    }
  }
  for (std::size_t g = 0; g < names.size(); ++g) {
    for (HostFunction& function : names[g].host_functions) {
      const auto home = homes.find(function.name);
      if (home == homes.end()) continue;
      const HostFunction& own = names[home->second].host_function(function.name);
      const std::string prefix = home->second == g ? "" : "graphc::gen::" + names[home->second].space + "::";
      function.args_struct = prefix + own.member + "_args";
      function.call_struct = prefix + own.member + "_call";
      function.home = home->second == g;
    }
  }
}

void emit_host_structs(CodeWriter& out, const GraphContext& context) {
  for (const HostFunction& function : context.names.host_functions) {
    if (!function.home) continue;
    out.line(fmt::format("// The arguments of host function '{}', in the order its nodes pass them, as its",
                         escape(function.name)));
    out.line("// function receives them: a buffer as a pointer to its elements (device memory may be");
    out.line("// passed, not read on the CPU), a param as of the launch, a constant in its own type.");
    out.line(fmt::format("struct {} {{", function.args_struct));
    {
      const Indented body(out);
      for (std::size_t i = 0; i < function.types.size(); ++i) {
        out.line(fmt::format("{} {};", function.types[i], function.fields[i]));
      }
    }
    out.line("};");
    out.blank();
    out.line(fmt::format("// What CUDA passes the callback of a '{}' node (its user data): the function, its",
                         escape(function.name)));
    out.line("// user data and one argument block, which is never written once the exec has it.");
    out.line(fmt::format("struct {} {{", function.call_struct));
    {
      const Indented body(out);
      out.line(fmt::format("void (*fn)(const {}&, void*) = nullptr;", function.args_struct));
      out.line("void* data = nullptr;");
      out.line(fmt::format("{} args{{}};", function.args_struct));
      out.line("static void CUDART_CB run(void* self) {");
      {
        const Indented run(out);
        out.line(fmt::format("const {}& call = *static_cast<const {}*>(self);", function.call_struct,
                             function.call_struct));
        out.line("call.fn(call.args, call.data);");
      }
      out.line("}");
    }
    out.line("};");
    out.blank();
  }
}

void emit_host_functions(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  out.line("namespace {");
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ir::Node& node = graph.nodes[i];
    const ir::HostNode* host = host_with_args(node);
    if (host == nullptr) continue;
    const HostFunction& function = context.names.host_function(host->function);
    std::vector<std::string> args;
    for (const ir::KernelArg& arg : host->args) args.push_back(argument_expression(context, arg));
    out.blank();
    out.line(fmt::format("// {}: {}: a new argument block from `b`, kept in `nodes`.", escape(node.name),
                         host_summary(*host)));
    out.line(fmt::format("cudaHostNodeParams {}(const Bindings& b, const Nodes& nodes) {{",
                         block_function(context, i)));
    {
      const Indented body(out);
      out.line(fmt::format("graphc::require_host_fn(b.{} == nullptr ? nullptr : &{}::run, {}, {}, {});",
                           function.member, function.call_struct, string_literal(host->function),
                           string_literal(node.name), context.location_literal(node.name_range)));
      out.line(fmt::format("auto call = std::make_unique<{}>();", function.call_struct));
      out.line(fmt::format("call->fn = b.{};", function.member));
      out.line(fmt::format("call->data = b.{};", function.data));
      context.write_at_source(out, host->args_range, fmt::format("call->args = {{{}}};", fmt::join(args, ", ")));
      out.line(fmt::format("nodes.{}.push_back(std::move(call));", context.names.host_calls[i]));
      out.line(fmt::format("return {{&{}::run, nodes.{}.back().get()}};", function.call_struct,
                           context.names.host_calls[i]));
    }
    out.line("}");
  }
  out.blank();
  out.line("}  // namespace");
}

void write_host_build(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes[index];
  const auto& host = std::get<ir::HostNode>(node.op);
  const std::string& member = function_of(context, host);
  if (host.args.empty()) {
    out.line(fmt::format("graphc::require_host_fn(b.{}, {}, {}, {});", member, string_literal(host.function),
                         string_literal(node.name), context.location_literal(node.name_range)));
    out.line("cudaGraphNodeParams p{};");
    out.line("p.type = cudaGraphNodeTypeHost;");
    out.line(fmt::format("p.host.fn = b.{};", member));
    out.line(fmt::format("p.host.userData = b.{};", context.names.host_function(host.function).data));
    return;
  }
  out.line(fmt::format("const cudaHostNodeParams host = {}(b, nodes);", block_function(context, index)));
  out.line("cudaGraphNodeParams p{};");
  out.line("p.type = cudaGraphNodeTypeHost;");
  out.line("p.host.fn = host.fn;");
  out.line("p.host.userData = host.userData;");
}

void write_host_update(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes[index];
  out.line(fmt::format("// {}: {}", escape(node.name), host_summary(std::get<ir::HostNode>(node.op))));
  out.line("{");
  {
    const Indented block(out);
    out.line(fmt::format("const cudaHostNodeParams host = {}(b, nodes);", block_function(context, index)));
    out.line(fmt::format("graphc::check_cuda(cudaGraphExecHostNodeSetParams(exec, nodes.{}, &host), "
                         "\"cudaGraphExecHostNodeSetParams\", {}, {});",
                         context.names.nodes[index], string_literal(node.name),
                         context.location_literal(node.name_range)));
  }
  out.line("}");
}

}  // namespace graphc::backend

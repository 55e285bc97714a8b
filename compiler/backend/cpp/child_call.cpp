#include "backend/cpp/child_call.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/capture_node.h"
#include "backend/cpp/cpp_text.h"
#include "backend/cpp/kernel_launch.h"
#include "backend/cpp/loop_runs.h"
#include "ir/describe.h"

namespace graphc::backend {

namespace {

// The body of node `index`'s bindings function: `graphc::gen::<graph>::Bindings args;`, one
// assignment per member of it, `return args;`.
void write_bindings_body(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes.at(index);
  const auto& call = std::get<ir::ChildGraphNode>(node.op);
  const ir::Graph& callee = context.module.graph(call.graph_id);
  const GraphNames& names = context.module_names.at(call.graph_id.value);
  out.line(fmt::format("graphc::gen::{}::Bindings args;", names.space));
  for (std::size_t i = 0; i < callee.parameters.size(); ++i) {
    const ir::Parameter& parameter = callee.parameters[i];
    const std::string& member = parameter.kind == ir::Parameter::Kind::buffer ? names.buffers.at(parameter.buffer.value)
                                : parameter.kind == ir::Parameter::Kind::comm ? names.comms.at(parameter.comm.value)
                                                                              : names.params.at(parameter.param.value);
    out.line(fmt::format("args.{} = {};", member, argument_expression(context, call.args.at(i))));
  }
  for (const HostFunction& function : names.host_functions) {
    const HostFunction& own = context.names.host_function(function.name);
    out.line(fmt::format("args.{} = b.{};", function.member, own.member));
    out.line(fmt::format("args.{} = b.{};", function.data, own.data));
  }
  if (!context.libraries.empty()) out.line(fmt::format("args.{0} = b.{0};", module_dir_member));
  if (names.captures) {
    out.line(fmt::format("args.{0} = b.{0};", capture_resources_member));
    out.line(fmt::format("args.{} = {};", capture_place_member, capture_place(context, node)));
  }
  for (const CaptureFunctionName& function : names.capture_functions) {
    out.line(fmt::format("args.{} = b.{};", function.member, context.names.capture_function(function.name).member));
  }
  out.line("return args;");
}

// What node `index`'s bindings function reads: `b`, `nodes` (an alloc's address).
struct Reads {
  bool bindings = false;
  bool nodes = false;
};

Reads bindings_reads(const GraphContext& context, std::size_t index) {
  CodeWriter body;
  write_bindings_body(body, context, index);
  return {reads_member_of(body.text(), "b"), reads_member_of(body.text(), "nodes")};
}

std::string bindings_function(const GraphContext& context, std::size_t index) {
  return context.names.nodes.at(index) + "_bindings";
}

}  // namespace

std::string bindings_body(const GraphContext& context, std::size_t index) {
  CodeWriter body;
  write_bindings_body(body, context, index);
  return body.take();
}

std::string call_bindings(const GraphContext& context, std::size_t index) {
  const LoopRun* run = run_of(context, index);
  return call_bindings(context, index, run == nullptr ? "" : std::to_string(index - run->first));
}

std::string call_bindings(const GraphContext& context, std::size_t index, std::string_view position) {
  const LoopRun* run = run_of(context, index);
  const std::size_t function = run == nullptr ? index : run->first;
  const Reads reads = bindings_reads(context, function);
  std::vector<std::string_view> args;
  if (reads.bindings) args.emplace_back("b");
  if (reads.nodes) args.emplace_back("nodes");
  if (run != nullptr) args.push_back(position);
  return fmt::format("{}({})", bindings_function(context, function), fmt::join(args, ", "));
}

void emit_call_bindings(CodeWriter& out, const GraphContext& context) {
  for (std::size_t i = 0; i < context.graph.nodes.size(); ++i) {
    const ir::Node& node = context.graph.nodes[i];
    const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
    const LoopRun* run = run_of(context, i);
    if (call == nullptr || (run != nullptr && i != run->first)) continue;
    const Reads reads = bindings_reads(context, i);
    std::vector<std::string_view> parameters;
    if (reads.bindings) parameters.emplace_back("const Bindings& b");
    if (reads.nodes) parameters.emplace_back("const Nodes& nodes");
    if (run != nullptr) parameters.emplace_back("std::size_t i");
    out.blank();
    if (run != nullptr) {
      out.line(fmt::format("// {} (the i-th): {}'s call {}, each offset i steps on",
                           statement_summary(context, *run, 0), escape(node.name), call_summary(context, *call)));
    } else {
      out.line(fmt::format("// {}: call {}", escape(node.name), call_summary(context, *call)));
    }
    out.line(fmt::format("graphc::gen::{}::Bindings {}({}) {{", context.module_names.at(call->graph_id.value).space,
                         bindings_function(context, i), fmt::join(parameters, ", ")));
    {
      const Indented body(out);
      if (run == nullptr) write_bindings_body(out, context, i);
      for (std::size_t from = 0, to = run == nullptr ? std::string::npos : run->bindings.find('\n');
           to != std::string::npos; from = to + 1, to = run->bindings.find('\n', from)) {
        out.line(run->bindings.substr(from, to - from));
      }
    }
    out.line("}");
  }
}

bool has_calls(const ir::Graph& graph) {
  return std::any_of(graph.nodes.begin(), graph.nodes.end(),
                     [](const ir::Node& n) { return std::holds_alternative<ir::ChildGraphNode>(n.op); });
}

bool call_reads_bindings(const GraphContext& context, const ir::ChildGraphNode& call) {
  const bool bound_arg = std::any_of(call.args.begin(), call.args.end(), [&](const ir::KernelArg& arg) {
    return arg.kind == ir::KernelArg::Kind::param || arg.kind == ir::KernelArg::Kind::comm ||
           (arg.kind == ir::KernelArg::Kind::buffer && !context.graph.alloc_of(arg.buffer).valid());
  });
  return bound_arg || !context.module_names.at(call.graph_id.value).host_functions.empty() ||
         !context.libraries.empty() || context.module_names.at(call.graph_id.value).captures;
}

bool passes_param(const ir::ChildGraphNode& call) {
  return std::any_of(call.args.begin(), call.args.end(),
                     [](const ir::KernelArg& arg) { return arg.kind == ir::KernelArg::Kind::param; });
}

std::string call_summary(const GraphContext& context, const ir::ChildGraphNode& call) {
  std::vector<std::string> args;
  for (const ir::KernelArg& arg : call.args) args.push_back(escape(ir::resolved_arg_text(context.graph, arg)));
  return fmt::format("{}({})", escape(call.graph), fmt::join(args, ", "));
}

}  // namespace graphc::backend

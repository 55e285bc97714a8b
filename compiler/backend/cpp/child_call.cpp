#include "backend/cpp/child_call.h"

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/capture_node.h"
#include "backend/cpp/cpp_text.h"
#include "backend/cpp/kernel_launch.h"
#include "ir/describe.h"

namespace graphc::backend {

void write_call_bindings(CodeWriter& out, const GraphContext& context, const ir::Node& node,
                         const ir::ChildGraphNode& call) {
  const ir::Graph& callee = context.module.graph(call.graph_id);
  const GraphNames& names = context.module_names.at(call.graph_id.value);
  out.line(fmt::format("graphc::gen::{}::Bindings args;", names.space));
  for (std::size_t i = 0; i < callee.parameters.size(); ++i) {
    const ir::Parameter& parameter = callee.parameters[i];
    const std::string& member = parameter.kind == ir::Parameter::Kind::buffer ? names.buffers.at(parameter.buffer.value)
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
}

bool call_reads_bindings(const GraphContext& context, const ir::ChildGraphNode& call) {
  const bool bound_arg = std::any_of(call.args.begin(), call.args.end(), [&](const ir::KernelArg& arg) {
    return arg.kind == ir::KernelArg::Kind::param ||
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

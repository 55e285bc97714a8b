// `<node>_params(b, nodes)`: the parameters of each kernel, copy and memset node, written
// once, as flatc writes each field's accessor once. build() adds them (graphc::add_node)
// and every update sets them (graphc::set_node), so an update is a list of calls. Each
// returns a graphc::NodeParams: the node's cudaGraphNodeParams, its name and .graph
// location for errors, and a kernel's arguments.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/kernel_launch.h"
#include "backend/cpp/loop_runs.h"
#include "backend/cpp/memory_ops.h"
#include "backend/cpp/node_config.h"

namespace graphc::backend {
namespace {

// The comment above node `node`'s function: what the node does, as build()'s blocks say it.
std::string summary(const GraphContext& context, const ir::Node& node) {
  if (std::holds_alternative<ir::KernelNode>(node.op)) {
    return (node.synthetic ? "the optimiser's no-op kernel " : "kernel ") + launch_summary(node);
  }
  if (std::holds_alternative<ir::CopyNode>(node.op)) return copy_summary(context, node);
  return memset_summary(context, node);
}

// The body of kernel node `index`'s function: its arguments (under a #line to the node),
// function and launch configuration.
void write_kernel(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes[index];
  const auto& kernel = std::get<ir::KernelNode>(node.op);
  write_kernel_args(out, context, node, kernel);
  out.line(fmt::format("graphc::NodeParams p({}, {}, std::move(args));", string_literal(node.name),
                       context.location_literal(node.name_range)));
  out.line("p.type = cudaGraphNodeTypeKernel;");
  if (!compiled_in(context, node)) write_library_handles(out, context);
  out.line(fmt::format("p.kernel.func = {};", kernel_function(context, node, kernel)));
  write_launch_config(out, context, index);
  if (kernel.launch.cooperative) {
    out.line(fmt::format("graphc::check_cooperative_grid(p.kernel.func, 1ull * p.kernel.gridDim.x * "
                         "p.kernel.gridDim.y * p.kernel.gridDim.z, static_cast<int>(p.kernel.blockDim.x * "
                         "p.kernel.blockDim.y * p.kernel.blockDim.z), p.kernel.sharedMemBytes, {}, {});",
                         string_literal(node.name), context.location_literal(node.name_range)));
  }
}

// The body of node `index`'s function, as lines after `lines_before` lines of the file.
CodeWriter function_body(const GraphContext& context, std::size_t index, std::uint32_t lines_before) {
  const ir::Node& node = context.graph.nodes[index];
  CodeWriter body(lines_before);
  {
    const Indented block(body);
    if (std::holds_alternative<ir::KernelNode>(node.op)) {
      write_kernel(body, context, index);
    } else if (std::holds_alternative<ir::CopyNode>(node.op)) {
      write_copy_params(body, context, index);
    } else {
      write_memset_params(body, context, index);
    }
    body.line("return p;");
  }
  body.line("}");
  return body;
}

// Node `index`'s function; for the first iteration's node of a loop's run, the function of
// its statement in every iteration, which takes the node's name.
void write_function(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes[index];
  const LoopRun* run = run_of(context, index);
  // The body first, to name only the parameters it reads (nvcc warns of unused ones).
  CodeWriter body = function_body(context, index, out.next_line() + 1);
  std::string name_parameter;
  if (run != nullptr) {
    body.replace_all(string_literal(node.name), "name");
    name_parameter = ", const char* name";
    out.line(fmt::format("// {}: {}", statement_summary(context, *run, index - run->first), summary(context, node)));
  } else {
    out.line(fmt::format("// {}: {}", escape(node.name), summary(context, node)));
  }
  out.line(fmt::format("auto {}(const Bindings&{}, const Nodes&{}{}) {{", params_function(context, index),
                       reads_member_of(body.text(), "b") ? " b" : "",
                       reads_member_of(body.text(), "nodes") ? " nodes" : "", name_parameter));
  out.append_lines(body);
}

}  // namespace

bool has_params_function(const ir::Node& node) {
  return std::holds_alternative<ir::KernelNode>(node.op) || std::holds_alternative<ir::CopyNode>(node.op) ||
         std::holds_alternative<ir::MemsetNode>(node.op);
}

std::string params_function(const GraphContext& context, std::size_t index) {
  const LoopRun* run = run_of(context, index);
  const std::size_t statement = run == nullptr ? index : run->first + (index - run->first) % run->width;
  return context.names.nodes.at(statement) + "_params";
}

std::string params_call(const GraphContext& context, std::size_t index) {
  if (run_of(context, index) == nullptr) return params_function(context, index) + "(b, nodes)";
  return fmt::format("{}(b, nodes, {})", params_function(context, index),
                     string_literal(context.graph.nodes[index].name));
}

std::string loop_params_call(const GraphContext& context, const LoopRun& run, std::size_t statement) {
  return fmt::format("{}(b, nodes, {})", params_function(context, run.first + statement),
                     loop_name(context, run, loop_position(statement)));
}

std::string unnamed_params_body(const GraphContext& context, std::size_t index) {
  CodeWriter body = function_body(context, index, 0);
  body.replace_all(string_literal(context.graph.nodes[index].name), "name");
  return body.take();
}

void emit_node_params(CodeWriter& out, const GraphContext& context) {
  for (std::size_t i = 0; i < context.graph.nodes.size(); ++i) {
    if (!has_params_function(context.graph.nodes[i])) continue;
    const LoopRun* run = run_of(context, i);
    if (run != nullptr && i >= run->first + run->width) continue;  // its statement's function is written
    out.blank();
    write_function(out, context, i);
  }
}

}  // namespace graphc::backend

// update_params(): every kernel node that passes a param or a graph's exec (`@g`) gets its
// launch again, with the Bindings' current values, through
// cudaGraphExecKernelNodeSetParams (no re-instantiation); every call node that passes a
// param on has its graph's update_params() run with the Bindings it built the graph with
// (CUDA updates the nodes of a child graph in the exec of its parent).
#include <algorithm>
#include <variant>

#include <fmt/format.h>

#include "backend/cpp/child_call.h"
#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/kernel_launch.h"

namespace graphc::backend {
namespace {

void write_update(CodeWriter& out, const GraphContext& context, std::size_t index, const ir::KernelNode& kernel) {
  const ir::Node& node = context.graph.nodes[index];
  out.line(fmt::format("// {}: kernel {}", escape(node.name), launch_summary(kernel)));
  out.line("{");
  {
    const Indented block(out);
    write_kernel_args(out, context, node, kernel);
    out.line("cudaKernelNodeParams p{};");
    out.line(fmt::format("p.func = {};", kernel_function(context, node, kernel)));
    out.line(fmt::format("p.gridDim = {};", dim3(kernel.grid_dims)));
    out.line(fmt::format("p.blockDim = {};", dim3(kernel.block_dims)));
    out.line(fmt::format("p.sharedMemBytes = {};", kernel.shared_memory_bytes));
    out.line("p.kernelParams = args.pointers();");
    out.line(fmt::format("graphc::check_cuda(cudaGraphExecKernelNodeSetParams(exec, nodes.{}, &p), "
                         "\"cudaGraphExecKernelNodeSetParams\", {}, {});",
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
    write_call_bindings(out, context, call);
    out.line(fmt::format("graphc::gen::{}::update_params(exec, nodes.{}, args);",
                         context.module_names.at(call.graph_id.value).space, context.names.call_nodes.at(index)));
  }
  out.line("}");
}

}  // namespace

void emit_update(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  std::vector<std::size_t> updated;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const auto* kernel = std::get_if<ir::KernelNode>(&graph.nodes[i].op);
    const auto* call = std::get_if<ir::ChildGraphNode>(&graph.nodes[i].op);
    if ((kernel != nullptr && passes_bound_value(*kernel)) || (call != nullptr && passes_param(*call))) {
      updated.push_back(i);
    }
  }
  if (updated.empty()) {
    out.line("void update_params(cudaGraphExec_t, const Nodes&, const Bindings&) {");
    out.line(graph.params.empty() ? "  // The graph has no params: nothing to update."
                                  : "  // No kernel or call node passes a param: nothing to update.");
    out.line("}");
    return;
  }
  out.line("void update_params(cudaGraphExec_t exec, const Nodes& nodes, const Bindings& b) {");
  {
    const Indented body(out);
    const bool kernels = std::any_of(updated.begin(), updated.end(), [&](std::size_t i) {
      return std::holds_alternative<ir::KernelNode>(graph.nodes[i].op);
    });
    if (kernels && !context.libraries.empty()) {
      write_library_handles(out, context);
      out.blank();
    }
    for (std::size_t i = 0; i < updated.size(); ++i) {
      if (i > 0) out.blank();
      const ir::Node& node = graph.nodes[updated[i]];
      if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
        write_call_update(out, context, updated[i], *call);
      } else {
        write_update(out, context, updated[i], std::get<ir::KernelNode>(node.op));
      }
    }
  }
  out.line("}");
}

}  // namespace graphc::backend

#include "backend/cpp/kernel_launch.h"

#include <algorithm>
#include <stdexcept>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/node_config.h"
#include "backend/text/expr_text.h"

namespace graphc::backend {
namespace {

// The C++ expression passed for one argument, and the type the runtime would pass.
struct ArgText {
  std::string expression;
  std::string type;
};

ArgText argument(const GraphContext& context, const ir::KernelArg& arg) {
  switch (arg.kind) {
    case ir::KernelArg::Kind::buffer: {
      std::string expression = context.names.pointers.at(arg.buffer.value);
      if (arg.offset > 0) expression += fmt::format(" + {}", arg.offset);
      if (arg.offset < 0) expression += fmt::format(" - {}", -static_cast<std::uint64_t>(arg.offset));
      return {expression, std::string(ir::cpp_type_name(context.graph.buffer(arg.buffer).type)) + "*"};
    }
    case ir::KernelArg::Kind::param:
      return {"b." + context.names.params.at(arg.param.value),
              std::string(ir::cpp_type_name(context.graph.param(arg.param).type))};
    case ir::KernelArg::Kind::value: return {typed_value(arg.value), std::string(ir::cpp_type_name(arg.value.type))};
    case ir::KernelArg::Kind::cond:
      return {"nodes." + context.names.conds.at(arg.cond.value), "cudaGraphConditionalHandle"};
    case ir::KernelArg::Kind::graph_exec: return {"b." + context.names.graph_exec(arg.graph_id), "cudaGraphExec_t"};
    case ir::KernelArg::Kind::device_node:
      return {"nodes." + context.names.device_nodes.at(arg.node_id.value), "cudaGraphDeviceNode_t"};
    case ir::KernelArg::Kind::null_pointer: return {"nullptr", "std::nullptr_t"};
    case ir::KernelArg::Kind::pitch: return {context.names.pointers.at(arg.buffer.value) + "_pitch", "std::size_t"};
    case ir::KernelArg::Kind::comm: return {"b." + context.names.comms.at(arg.comm.value), "ncclComm_t"};
    case ir::KernelArg::Kind::rank: {
      const ir::Comm& comm = context.graph.comm(arg.comm);
      return {fmt::format("graphc::bound_rank(b.{}, {}, {}, {})", context.names.comms.at(arg.comm.value),
                          string_literal(comm.name), string_literal(context.graph.name),
                          context.location_literal(comm.name_range)),
              "int"};
    }
    case ir::KernelArg::Kind::aggregate: {
      // The user's struct by name, by aggregate initialisation: the compiler checks each
      // value against its field (and write_struct_checks the layout the runtime packs).
      std::vector<std::string> fields;
      for (const ir::KernelArg& field : arg.fields) fields.push_back(argument(context, field).expression);
      std::string type = kernel_reference(arg.struct_name);
      return {fmt::format("{}{{{}}}", type, fmt::join(fields, ", ")), type};
    }
    case ir::KernelArg::Kind::unresolved: break;
  }
  throw std::logic_error("C++ back end: a kernel argument is not resolved");
}

}  // namespace

bool compiled_in(const GraphContext& context, const ir::Node& node) {
  return context.libraries.empty() || node.synthetic;
}

std::string argument_expression(const GraphContext& context, const ir::KernelArg& arg) {
  return argument(context, arg).expression;
}

bool passes_bound_value(const ir::KernelNode& kernel) {
  const std::vector<const ir::KernelArg*> values = ir::leaf_args(kernel.args);
  return std::any_of(values.begin(), values.end(), [](const ir::KernelArg* arg) {
    return arg->kind == ir::KernelArg::Kind::param || arg->kind == ir::KernelArg::Kind::graph_exec;
  });
}

void write_kernel_args(CodeWriter& out, const GraphContext& context, const ir::Node& node,
                       const ir::KernelNode& kernel) {
  std::vector<std::string> expressions;
  std::vector<std::string> types;
  for (const ir::KernelArg& arg : kernel.args) {
    ArgText text = argument(context, arg);
    expressions.push_back(std::move(text.expression));
    types.push_back(std::move(text.type));
  }
  std::string statement;
  if (compiled_in(context, node)) {
    expressions.insert(expressions.begin(), kernel_reference(kernel.function));
    statement = fmt::format("auto args = graphc::kernel_args({});", fmt::join(expressions, ", "));
  } else {
    // Braces: `KernelArgs<> args();` would declare a function.
    statement = fmt::format("graphc::KernelArgs<{}> args{{{}}};", fmt::join(types, ", "), fmt::join(expressions, ", "));
  }
  context.write_at_source(out, node.range, statement);
}

std::string kernel_function(const GraphContext& context, const ir::Node& node, const ir::KernelNode& kernel) {
  if (compiled_in(context, node)) return fmt::format("graphc::kernel_function({})", kernel_reference(kernel.function));
  std::vector<std::string> handles;
  for (std::size_t i = 0; i < context.libraries.size(); ++i) handles.push_back(fmt::format("lib{}", i));
  return fmt::format("graphc::library_kernel({{{}}}, {}, {}, {})", fmt::join(handles, ", "),
                     string_literal(kernel.function), string_literal(node.name),
                     context.location_literal(node.name_range));
}

void write_library_handles(CodeWriter& out, const GraphContext& context) {
  for (std::size_t i = 0; i < context.libraries.size(); ++i) {
    out.line(fmt::format("const cudaLibrary_t lib{} = graphc::load_library(b.{}, {});", i, module_dir_member,
                         string_literal(context.libraries[i])));
  }
}

void write_launch_config(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes.at(index);
  const auto& kernel = std::get<ir::KernelNode>(node.op);
  const auto opt_in = [&](std::string_view bytes) {
    out.line(fmt::format("graphc::check_cuda(cudaFuncSetAttribute(p.kernel.func, "
                         "cudaFuncAttributeMaxDynamicSharedMemorySize, {}), \"cudaFuncSetAttribute\", {}, {});",
                         bytes, string_literal(node.name), context.location_literal(node.name_range)));
  };
  if (!configured(node)) {
    out.line(fmt::format("p.kernel.gridDim = {};", dim3(kernel.grid_dims)));
    out.line(fmt::format("p.kernel.blockDim = {};", dim3(kernel.block_dims)));
    if (kernel.shared_memory_bytes == 0) return;  // p is zero-initialised
    out.line(fmt::format("p.kernel.sharedMemBytes = {};", kernel.shared_memory_bytes));
    if (kernel.shared_memory_bytes > 48 * 1024) {
      out.line("// Over 48 KiB of dynamic shared memory needs the kernel's opt-in first.");
      opt_in(std::to_string(kernel.shared_memory_bytes));
    }
    return;
  }
  out.line(fmt::format("const graphc::config::Launch config = {};", config_call(context, index)));
  out.line("p.kernel.gridDim = config.grid;");
  out.line("p.kernel.blockDim = config.block;");
  out.line("p.kernel.sharedMemBytes = config.shared_memory;");
  out.line("if (config.shared_memory > 48 * 1024) {  // over 48 KiB needs the kernel's opt-in first");
  {
    const Indented block(out);
    opt_in("static_cast<int>(config.shared_memory)");
  }
  out.line("}");
}

std::string dim3(const std::array<std::uint32_t, 3>& dims) {
  return fmt::format("dim3({}, {}, {})", dims[0], dims[1], dims[2]);
}

std::string launch_summary(const ir::Node& node) {
  const auto& kernel = std::get<ir::KernelNode>(node.op);
  if (configured(node)) {
    std::vector<std::string> grid;
    std::vector<std::string> block;
    for (const ir::Expr& e : kernel.grid) grid.push_back(expr_text(e));
    for (const ir::Expr& e : kernel.block) block.push_back(expr_text(e));
    const std::string shared = kernel.shared_memory ? ", " + expr_text(*kernel.shared_memory) : "";
    return escape(fmt::format("{}<<<({}), ({}){}>>> (configured by params)", kernel.function, fmt::join(grid, ", "),
                              fmt::join(block, ", "), shared));
  }
  const auto& g = kernel.grid_dims;
  const auto& k = kernel.block_dims;
  return fmt::format("{}<<<({}, {}, {}), ({}, {}, {}), {}>>>", escape(kernel.function), g[0], g[1], g[2], k[0], k[1],
                     k[2], kernel.shared_memory_bytes);
}

}  // namespace graphc::backend

#include "backend/cpp/node_config.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <variant>

#include <fmt/format.h>

#include "backend/cpp/child_call.h"
#include "backend/cpp/cpp_text.h"
#include "backend/cpp/kernel_launch.h"
#include "backend/cpp/memory_ops.h"
#include "ir/launch_limits.h"

namespace graphc::backend {
namespace {

std::string_view helper(ir::Expr::Kind kind) {
  switch (kind) {
    case ir::Expr::Kind::add: return "add";
    case ir::Expr::Kind::sub: return "sub";
    case ir::Expr::Kind::mul: return "mul";
    case ir::Expr::Kind::div: return "div";
    default: return "mod";
  }
}

// Whether `expr` names a param (consts never do).
bool uses_param(const ir::Graph& graph, const ir::Expr& expr) {
  if (expr.kind == ir::Expr::Kind::name && graph.find_param(expr.name)) return true;
  for (const ir::Expr& operand : expr.operands) {
    if (uses_param(graph, operand)) return true;
  }
  return false;
}

// The `dim3(...)` of a grid or block: each axis from its expression through
// graphc::config::dim when a param is in it, else the folded value.
std::string dims(const GraphContext& context, const std::vector<ir::Expr>& exprs,
                 const std::array<std::uint32_t, 3>& folded, std::string_view what,
                 const std::array<std::int64_t, 3>& limits) {
  std::array<std::string, 3> axes;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    axes[i] = i < exprs.size() && uses_param(context.graph, exprs[i])
                  ? fmt::format("graphc::config::dim(site, \"{}\", '{}', {}, {}LL)", what, ir::kAxes[i],
                                config_expression(context, exprs[i]), limits[i])
                  : std::to_string(folded[i]);
  }
  return fmt::format("dim3({}, {}, {})", axes[0], axes[1], axes[2]);
}

void write_launch(CodeWriter& out, const GraphContext& context, const ir::KernelNode& kernel) {
  out.line("graphc::config::Launch c;");
  out.line(fmt::format("c.grid = {};", dims(context, kernel.grid, kernel.grid_dims, "grid", ir::kGridLimits)));
  out.line(fmt::format("c.block = {};", dims(context, kernel.block, kernel.block_dims, "block", ir::kBlockLimits)));
  const bool block_configured = std::any_of(kernel.block.begin(), kernel.block.end(),
                                            [&](const ir::Expr& e) { return uses_param(context.graph, e); });
  if (block_configured) out.line("graphc::config::check_threads(site, c.block.x, c.block.y, c.block.z);");
  if (kernel.shared_memory && uses_param(context.graph, *kernel.shared_memory)) {
    out.line(fmt::format("c.shared_memory = graphc::config::shared_memory(site, {});",
                         config_expression(context, *kernel.shared_memory)));
  } else {
    out.line(fmt::format("c.shared_memory = {};", kernel.shared_memory_bytes));
  }
}

// `graphc::config::slice(...)` of a slice with a param in its bounds, or its folded bounds.
std::string slice(const GraphContext& context, const ir::BufferSlice& s, std::string_view node_kind) {
  const bool offset = s.offset && uses_param(context.graph, *s.offset);
  const bool length = s.length && uses_param(context.graph, *s.length);
  if (!offset && !length) return fmt::format("graphc::config::Slice{{{}, {}}}", s.offset_value, s.length_value);
  const ir::Buffer& buffer = context.graph.buffer(s.id);
  const std::string first = s.offset ? config_expression(context, *s.offset) : "0";
  if (!s.length) {
    return fmt::format("graphc::config::slice_to_end(site, {}, {}, {}, \"{}\")", string_literal(buffer.name),
                       buffer.count_value, first, node_kind);
  }
  return fmt::format("graphc::config::slice(site, {}, {}, {}, {}, \"{}\")", string_literal(buffer.name),
                     buffer.count_value, first, config_expression(context, *s.length), node_kind);
}

void write_copy(CodeWriter& out, const GraphContext& context, const ir::CopyNode& copy) {
  out.line("graphc::config::Copy c;");
  out.line(fmt::format("c.dst = {};", slice(context, copy.dst, "memcpy")));
  out.line(fmt::format("c.src = {};", slice(context, copy.src, "memcpy")));
  const std::string src_bytes = fmt::format("c.src.length * {}", ir::type_size(context.graph.buffer(copy.src.id).type));
  const std::string dst_bytes = fmt::format("c.dst.length * {}", ir::type_size(context.graph.buffer(copy.dst.id).type));
  out.line(fmt::format("c.bytes = graphc::config::copy_bytes(site, {}, {}{});", src_bytes, dst_bytes,
                       copy.bytes ? ", " + config_expression(context, *copy.bytes) : ""));
}

void write_memset(CodeWriter& out, const GraphContext& context, const ir::MemsetNode& memset) {
  const ir::Buffer& buffer = context.graph.buffer(memset.dst.id);
  out.line("graphc::config::Memset c;");
  out.line(fmt::format("c.dst = {};", slice(context, memset.dst, "memset")));
  if (uses_param(context.graph, memset.value)) {
    // Of a vector buffer, the value of each lane.
    out.line(fmt::format("c.value = graphc::config::memset_value<{}>(site, {}, {});",
                         ir::cpp_type_name(ir::component_type(buffer.type)), string_literal(buffer.name),
                         config_expression(context, memset.value)));
  } else {
    out.line(fmt::format("c.value = 0x{:0{}x}u;", memset.value_bits, memset.element_size * 2));
  }
}

// Whether one of the graph's scalar parameters configures `node`.
bool configured_by_parameter(const ir::Graph& graph, const ir::Node& node) {
  return std::any_of(node.config_params.begin(), node.config_params.end(),
                     [&](ir::ParamId id) { return graph.is_parameter(id); });
}

// The graph a call node calls when check_config() of its caller checks it: the call passes
// one of the caller's parameters on to a graph that checks_config.
const ir::ChildGraphNode* checked_call(const ir::Module& module, const ir::Graph& graph, const ir::Node& node) {
  const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
  if (call == nullptr || !call->graph_id.valid()) return nullptr;
  const bool passes = std::any_of(call->args.begin(), call->args.end(), [&](const ir::KernelArg& arg) {
    return arg.kind == ir::KernelArg::Kind::param && graph.is_parameter(arg.param);
  });
  return passes && checks_config(module, call->graph_id) ? call : nullptr;
}

// The return type of node `node`'s config function, and what it configures (escaped).
std::pair<std::string_view, std::string> signature(const GraphContext& context, const ir::Node& node) {
  if (std::holds_alternative<ir::KernelNode>(node.op)) return {"Launch", "kernel " + launch_summary(node)};
  if (std::holds_alternative<ir::CopyNode>(node.op)) return {"Copy", copy_summary(context, node)};
  return {"Memset", memset_summary(context, node)};
}

}  // namespace

std::string config_call(const GraphContext& context, std::size_t index) {
  return fmt::format("{}_config(b)", context.names.nodes.at(index));
}

std::string config_expression(const GraphContext& context, const ir::Expr& expr) {
  const auto operand = [&](std::size_t i) { return config_expression(context, expr.operands.at(i)); };
  switch (expr.kind) {
    case ir::Expr::Kind::literal: return typed_value(expr.literal);
    case ir::Expr::Kind::name: {
      if (const auto param = context.graph.find_param(expr.name)) return "b." + context.names.params.at(param->value);
      if (const auto constant = context.graph.find_const(expr.name)) {
        return typed_value(context.graph.consts.at(constant->value).folded);
      }
      break;
    }
    case ir::Expr::Kind::negate: return fmt::format("graphc::config::neg(site, {})", operand(0));
    case ir::Expr::Kind::add:
    case ir::Expr::Kind::sub:
    case ir::Expr::Kind::mul:
    case ir::Expr::Kind::div:
    case ir::Expr::Kind::mod:
      return fmt::format("graphc::config::{}(site, {}, {})", helper(expr.kind), operand(0), operand(1));
    case ir::Expr::Kind::call:
      if (expr.name == "ceil_div" || expr.name == "exact_div") {
        return fmt::format("graphc::config::{}(site, {}, {})", expr.name, operand(0), operand(1));
      }
      if (expr.name == "world_size") {  // the size the graph was compiled for (graphc compile --world-size)
        const ir::Comm& comm = context.graph.comm(context.graph.find_comm(expr.operands.at(0).name).value());
        return typed_value(ir::Scalar::of_integer(ir::ScalarType::i32, comm.world_size));
      }
      return fmt::format("graphc::config::{}({}, {})", expr.name, operand(0), operand(1));  // min, max
    case ir::Expr::Kind::cast:
      return fmt::format("graphc::config::cast<{}>(site, {})", ir::cpp_type_name(expr.cast_type), operand(0));
  }
  throw std::logic_error(fmt::format("C++ back end: '{}' in a node's configuration is no param or const",
                                     escape(expr.name)));
}

void emit_node_configs(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  bool first = true;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ir::Node& node = graph.nodes[i];
    if (!configured(node)) continue;
    if (first) {
      out.line("namespace {");
      first = false;
    }
    out.blank();
    const auto [type, summary] = signature(context, node);
    out.line(fmt::format("// {}: {}", escape(node.name), summary));
    out.line(fmt::format("graphc::config::{} {}_config(const Bindings& b) {{", type, context.names.nodes[i]));
    {
      const Indented body(out);
      out.line(fmt::format("const graphc::config::Site site{{{}, {}}};", string_literal(node.name),
                           context.location_literal(node.name_range)));
      if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op)) write_launch(out, context, *kernel);
      if (const auto* copy = std::get_if<ir::CopyNode>(&node.op)) write_copy(out, context, *copy);
      if (const auto* memset = std::get_if<ir::MemsetNode>(&node.op)) write_memset(out, context, *memset);
      out.line("return c;");
    }
    out.line("}");
  }
  if (!first) {
    out.blank();
    out.line("}  // namespace");
  }
}

bool checks_config(const ir::Module& module, ir::GraphId id) {
  const ir::Graph& graph = module.graph(id);
  return std::any_of(graph.nodes.begin(), graph.nodes.end(), [&](const ir::Node& node) {
    return configured_by_parameter(graph, node) || checked_call(module, graph, node) != nullptr;
  });
}

void emit_check_config(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  const ir::GraphId id{static_cast<std::uint32_t>(&graph - context.module.graphs.data())};
  if (!checks_config(context.module, id)) return;
  out.blank();
  out.line("void check_config(const Bindings& b) {");
  {
    const Indented body(out);
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      if (configured_by_parameter(graph, graph.nodes[i])) out.line(fmt::format("(void){};", config_call(context, i)));
    }
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      if (checked_call(context.module, graph, graph.nodes[i]) != nullptr) write_call_config_check(out, context, i);
    }
  }
  out.line("}");
}

void write_call_config_check(CodeWriter& out, const GraphContext& context, std::size_t index) {
  const ir::Node& node = context.graph.nodes[index];
  const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
  if (call == nullptr || !call->graph_id.valid() || !checks_config(context.module, call->graph_id)) return;
  out.line(fmt::format("graphc::gen::{}::check_config({});", context.module_names.at(call->graph_id.value).space,
                       call_bindings(context, index)));
}

}  // namespace graphc::backend

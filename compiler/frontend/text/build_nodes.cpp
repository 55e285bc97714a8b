#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "frontend/text/builders.h"
#include "ir/node_kind.h"

namespace graphc::frontend::text {
namespace {

// `(x, y, z)` or one expression.
std::vector<ir::Expr> build_dims(const BuildContext& ctx, const ParseNode& launch_part) {
  const ParseNode& dims = *launch_part.children.at(0);
  std::vector<ir::Expr> out;
  if (dims.is_type<grammar::dim_tuple>()) {
    for (const ParseNode* child : dims.children) out.push_back(build_expr(ctx, *child));
  } else {
    out.push_back(build_expr(ctx, dims));
  }
  return out;
}

// Into `kernel`, the node's own (built in place: a kernel node is most of a graph's nodes).
void build_kernel(const BuildContext& ctx, const ParseNode& node, ir::KernelNode& kernel) {
  const ParseNode& function = *node.children.at(1);
  kernel.function = normalize_cpp_name(ctx.text(function));
  kernel.function_range = ctx.range(function);
  kernel.grid = build_dims(ctx, *node.children.at(2));
  kernel.block = build_dims(ctx, *node.children.at(3));
  std::size_t next = 4;
  if (!node.children.at(next)->is_type<grammar::kernel_args>())
    kernel.shared_memory = build_expr(ctx, *node.children[next++]);
  for (const ParseNode* arg : node.children.at(next)->children) kernel.args.push_back(build_kernel_arg(ctx, *arg));
  if (++next < node.children.size()) {
    for (const ParseNode* attribute : node.children[next]->children) {
      kernel.attributes.push_back(build_kernel_attribute(ctx, *attribute));
    }
  }
}

ir::CopyNode build_copy(const BuildContext& ctx, const ParseNode& node) {
  ir::CopyNode copy;
  copy.dst = build_slice(ctx, *node.children.at(1));
  copy.src = build_slice(ctx, *node.children.at(2));
  if (node.children.size() > 3) copy.bytes = build_expr(ctx, *node.children[3]);
  return copy;
}

ir::MemsetNode build_memset(const BuildContext& ctx, const ParseNode& node) {
  ir::MemsetNode memset;
  memset.dst = build_slice(ctx, *node.children.at(1));
  memset.value = build_expr(ctx, *node.children.at(2));
  return memset;
}

// `record NAME : EVENT;` and `wait NAME : EVENT;`: the event's name and where it is written.
template <class EventNode>
EventNode build_event_node(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& event = *node.children.at(1);
  EventNode out;
  out.event = ctx.text(event);
  out.event_range = ctx.range(event);
  return out;
}

// children: the node's name, the alloc's name.
ir::FreeNode build_free(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& alloc = *node.children.at(1);
  ir::FreeNode free;
  free.alloc = ctx.text(alloc);
  free.alloc_range = ctx.range(alloc);
  return free;
}

// The arguments of a call, a host node or a function call (call_args, host_args,
// function_node_args): expressions, resolved by the validator as kernel arguments are.
std::vector<ir::KernelArg> build_expr_args(const BuildContext& ctx, const ParseNode& args) {
  std::vector<ir::KernelArg> out;
  for (const ParseNode* arg : args.children) {
    ir::KernelArg& built = out.emplace_back();
    built.range = ctx.range(*arg);
    built.expr = build_expr(ctx, *arg);
  }
  return out;
}

// children: the node's name, the function, the arguments (host_args, function_node_args):
// a host node's and every kind's written `KEYWORD NAME : FUNCTION(args);`.
ir::FunctionCall build_function_call(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& function = *node.children.at(1);
  const ParseNode& args = *node.children.at(2);
  ir::FunctionCall call;
  call.function = normalize_cpp_name(ctx.text(function));
  call.function_range = ctx.range(function);
  call.args_range = ctx.range(args);
  call.args = build_expr_args(ctx, args);
  return call;
}

// children: the node's name, the graph's name, then the arguments (call_args) if written.
ir::ChildGraphNode build_call(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& graph = *node.children.at(1);
  ir::ChildGraphNode call;
  call.graph = ctx.text(graph);
  call.graph_range = ctx.range(graph);
  if (node.children.size() > 2) {
    const ParseNode& args = *node.children[2];
    call.args_range = ctx.range(args);
    call.args = build_expr_args(ctx, args);
  }
  return call;
}

}  // namespace

std::string normalize_cpp_name(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      pending_space = true;
      continue;
    }
    if (pending_space && !out.empty() && is_word_char(out.back()) && is_word_char(c)) out += ' ';
    pending_space = false;
    out += c;
    if (c == ',') out += ' ';
  }
  return out;
}

ir::KernelArg build_kernel_arg(const BuildContext& ctx, const ParseNode& node) {
  ir::KernelArg out;
  out.range = ctx.range(node);
  if (node.is_type<grammar::graph_exec_ref>()) {
    out.graph = ctx.text(*node.children.at(0));
  } else if (node.is_type<grammar::device_node_ref>()) {
    out.node = ctx.text(*node.children.at(0));
  } else if (node.is_type<grammar::null_pointer>()) {
    out.null_pointer = true;
  } else if (node.is_type<grammar::aggregate_arg>()) {
    // children: the struct's name, then one value per field
    const ParseNode& type = *node.children.at(0);
    out.struct_name = normalize_cpp_name(ctx.text(type));
    out.struct_range = ctx.range(type);
    for (std::size_t i = 1; i < node.children.size(); ++i)
      out.fields.push_back(build_kernel_arg(ctx, *node.children[i]));
  } else {
    out.expr = build_expr(ctx, node);
  }
  return out;
}

ir::KernelAttribute build_kernel_attribute(const BuildContext& ctx, const ParseNode& node) {
  ir::KernelAttribute out;
  out.name = ctx.text(*node.children.at(0));
  out.range = ctx.range(node);
  for (std::size_t i = 1; i < node.children.size(); ++i) out.args.push_back(build_expr(ctx, *node.children[i]));
  return out;
}

ir::BufferSlice build_slice(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::BufferSlice slice;
  slice.buffer = ctx.text(name);
  slice.name_range = ctx.range(name);
  slice.range = ctx.range(node);
  // children: the name, then a pair of expressions a range: [offset:length],
  // [row:rows, column:columns] or [z:depth, row:rows, column:columns].
  std::size_t next = 1;
  if (node.children.size() == 7) {
    slice.z = build_expr(ctx, *node.children[next++]);
    slice.depth = build_expr(ctx, *node.children[next++]);
  }
  if (node.children.size() >= 3) {
    slice.offset = build_expr(ctx, *node.children[next++]);
    slice.length = build_expr(ctx, *node.children[next++]);
  }
  if (node.children.size() >= 5) {
    slice.column = build_expr(ctx, *node.children[next++]);
    slice.columns = build_expr(ctx, *node.children[next]);
  }
  return slice;
}

void build_node(const BuildContext& ctx, const ParseNode& node, ir::Node& out) {
  out.name_range = ctx.range(*node.children.at(0));
  out.range = ctx.range(node);
  if (node.is_type<grammar::kernel_node>()) {
    build_kernel(ctx, node, out.op.emplace<ir::KernelNode>());
  } else if (node.is_type<grammar::copy_node>()) {
    out.op = build_copy(ctx, node);
  } else if (node.is_type<grammar::memset_node>()) {
    out.op = build_memset(ctx, node);
  } else if (node.is_type<grammar::host_node>()) {
    out.op = ir::HostNode{build_function_call(ctx, node)};
  } else if (node.is_type<grammar::record_node>()) {
    out.op = build_event_node<ir::EventRecordNode>(ctx, node);
  } else if (node.is_type<grammar::wait_node>()) {
    out.op = build_event_node<ir::EventWaitNode>(ctx, node);
  } else if (node.is_type<grammar::free_node>()) {
    out.op = build_free(ctx, node);
  } else if (node.is_type<grammar::call_node>()) {
    out.op = build_call(ctx, node);
  } else if (const std::optional<NodeKind> kind = function_node_kind(node)) {
    out.op = ir::function_call_op(*kind, build_function_call(ctx, node));
  } else {
    out.op = ir::EmptyNode{};
  }
}

}  // namespace graphc::frontend::text

// What a conditional body may hold (CUDA 13, cudaConditionalNodeParams): kernel, empty,
// memcpy, memset, child graph and conditional nodes, recursively; a memcpy only between
// device memory and pinned host memory. CUDA itself answers the rest with a bare
// cudaErrorInvalidValue or fails at instantiation, naming no node.
#include "ir/overloaded.h"
#include "sema/bodies.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

bool allowed_in_body(const ir::Node& node) {
  return std::visit(ir::Overloaded{
                        [](const ir::KernelNode&) { return true; },
                        [](const ir::CopyNode&) { return true; },
                        [](const ir::MemsetNode&) { return true; },
                        [](const ir::EmptyNode&) { return true; },
                        [](const ir::ConditionalNode&) { return true; },
                        [](const auto&) { return false; },
                    },
                    node.op);
}

void check_copy(GraphContext& ctx, const ir::Node& node, const ir::CopyNode& copy) {
  const auto check_end = [&](const ir::BufferSlice& slice, std::string_view verb) {
    if (!slice.id.valid()) return;
    const ir::Buffer& buffer = ctx.graph.buffer(slice.id);
    if (buffer.space != ir::MemorySpace::managed) return;
    ctx.diags
        .report(DiagCode::body_copy_memory, slice.name_range, node.name, body_location(ctx.graph, node.body), verb,
                buffer.name)
        .note(buffer.name_range, "'{}' is declared here", buffer.name);
  };
  check_end(copy.src, "reads");
  check_end(copy.dst, "writes");
}

// The conditional node of the graph itself that `body` is (nested) in.
ir::NodeId top_level(const ir::Graph& graph, ir::BodyId body) {
  ir::NodeId node = graph.body(body).conditional;
  while (graph.node(node).body.valid()) node = graph.body(graph.node(node).body).conditional;
  return node;
}

}  // namespace

void check_conditional_bodies(GraphContext& ctx) {
  for (const ir::Node& node : ctx.graph.nodes) {
    if (!node.body.valid()) continue;
    if (!allowed_in_body(node)) {
      const ir::Node& conditional = ctx.graph.node(ctx.graph.body(node.body).conditional);
      Diagnostic& d = ctx.diags
                          .report(DiagCode::body_node_kind, node.name_range, ir::kind_name(node), node.name,
                                  body_location(ctx.graph, node.body))
                          .note(conditional.name_range, "'{}' is declared here", conditional.name);
      if (std::holds_alternative<ir::AllocNode>(node.op) || std::holds_alternative<ir::FreeNode>(node.op)) {
        const ir::Node& outer = ctx.graph.node(top_level(ctx.graph, node.body));
        d.note(SourceRange{},
               "mem alloc and mem free nodes belong to the graph itself: alloc before '{}' and free after it",
               outer.name);
      }
    } else if (const auto* copy = std::get_if<ir::CopyNode>(&node.op)) {
      check_copy(ctx, node, *copy);
    }
  }
}

}  // namespace graphc::sema

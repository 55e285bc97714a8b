// What a conditional body may hold (CUDA 13, cudaConditionalNodeParams): kernel, empty,
// memcpy, memset, child graph and conditional nodes, recursively; a memcpy only between
// device memory and pinned host memory. CUDA itself answers the rest with a bare
// cudaErrorInvalidValue or fails at instantiation, naming no node.
#include "ir/describe.h"
#include "ir/overloaded.h"
#include "sema/bodies.h"
#include "sema/passes.h"
#include "sema/placement.h"

namespace graphc::sema {
namespace {

void check_copy(GraphContext& ctx, const ir::Node& node, const ir::CopyNode& copy) {
  for (const RefusedCopyEnd& end : refused_copy_ends(ctx.graph, copy)) {
    const ir::Buffer& buffer = ctx.graph.buffer(end.slice->id);
    ctx.diags
        .report(DiagCode::body_copy_memory, end.slice->name_range, node.name, body_location(ctx.graph, node.body),
                end.verb, buffer.name, ir::space_description(buffer.space))
        .note<NoteCode::declared_here>(buffer.name_range, buffer.name);
  }
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
                          .note<NoteCode::declared_here>(conditional.name_range, conditional.name);
      if (std::holds_alternative<ir::AllocNode>(node.op) || std::holds_alternative<ir::FreeNode>(node.op)) {
        const ir::Node& outer = ctx.graph.node(top_level(ctx.graph, node.body));
        d.note<NoteCode::memory_nodes_outside_body>(SourceRange{}, outer.name);
      }
    } else if (const auto* copy = std::get_if<ir::CopyNode>(&node.op)) {
      check_copy(ctx, node, *copy);
    }
  }
}

}  // namespace graphc::sema

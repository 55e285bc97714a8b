// Memory nodes (CUDA 13, cudaGraphAddMemAllocNode): a free names an alloc of the graph,
// at most once, and comes after it; every node that uses an alloc's memory is ordered
// after the alloc and, when the graph frees it, before the free, along the graph's edges.
// CUDA checks none of the ordering: a use out of order reads or writes memory that is not
// allocated, or is already given back. An alloc the graph never frees is allowed, with a
// warning that says what CUDA then requires. (Memory nodes in conditional bodies are
// reported by check_conditional_bodies.cpp; their orderings are not checked here.)
#include <optional>
#include <vector>

#include "ir/node_kind.h"
#include "ir/overloaded.h"
#include "sema/dependency_graph.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

// Where node `id` takes part in the graph's own order: itself, or the conditional node of
// the graph that holds the body it is in (a body runs inside its conditional node).
ir::NodeId top_level(const ir::Graph& graph, ir::NodeId id) {
  while (graph.node(id).body.valid()) id = graph.body(graph.node(id).body).conditional;
  return id;
}

// The first of `args` that passes the memory `buffer`, itself or through a view.
std::optional<SourceRange> arg_use(const ir::Graph& graph, const std::vector<ir::KernelArg>& args,
                                   ir::BufferId buffer) {
  for (const ir::KernelArg* arg : ir::leaf_args(args)) {
    if (arg->kind == ir::KernelArg::Kind::buffer && graph.storage(arg->buffer).root == buffer) return arg->range;
  }
  return std::nullopt;
}

// The first place `node` names the memory `buffer`, itself or through a view, if it does: a
// kernel, call, capture or host argument, a copy end or a memset target.
std::optional<SourceRange> use_of(const ir::Graph& graph, const ir::Node& node, ir::BufferId buffer) {
  const auto names = [&](const ir::BufferSlice& slice) {
    return slice.id.valid() && graph.storage(slice.id).root == buffer;
  };
  return std::visit(ir::Overloaded{
                        [&]<ir::HasArgs Op>(const Op& op) { return arg_use(graph, op.args, buffer); },
                        [&](const ir::CopyNode& copy) -> std::optional<SourceRange> {
                          if (names(copy.dst)) return copy.dst.name_range;
                          if (names(copy.src)) return copy.src.name_range;
                          return std::nullopt;
                        },
                        [&](const ir::MemsetNode& memset) -> std::optional<SourceRange> {
                          if (names(memset.dst)) return memset.dst.name_range;
                          return std::nullopt;
                        },
                        [](const auto&) -> std::optional<SourceRange> { return std::nullopt; },
                    },
                    node.op);
}

class MemoryChecker {
 public:
  explicit MemoryChecker(GraphContext& ctx) : ctx_(ctx), graph_(ctx.graph) {}

  void run() {
    // The free of each alloc (per NodeId of the alloc), the first one given.
    std::vector<std::optional<ir::NodeId>> freed_by(graph_.nodes.size());
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) {
      auto* free = std::get_if<ir::FreeNode>(&graph_.nodes[i].op);
      if (free == nullptr || !resolve(graph_.nodes[i], *free)) continue;
      std::optional<ir::NodeId>& first = freed_by[free->alloc_id.value];
      if (first) {
        const ir::Node& earlier = graph_.node(*first);
        ctx_.diags.report(DiagCode::double_free, free->alloc_range, free->alloc, earlier.name)
            .note<NoteCode::freed_by_here>(earlier.name_range, free->alloc, earlier.name);
        continue;
      }
      first = ir::NodeId{i};
    }
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) {
      if (std::holds_alternative<ir::AllocNode>(graph_.nodes[i].op)) check_alloc(ir::NodeId{i}, freed_by[i]);
    }
  }

 private:
  // The alloc `free` names; false (after reporting) when it names none.
  bool resolve(const ir::Node& node, ir::FreeNode& free) {
    const std::optional<Entity> entity = ctx_.scope.find(free.alloc);
    if (!entity) {
      report_unknown(ctx_.diags, ctx_.scope, DiagCode::unknown_node, free.alloc_range, free.alloc,
                     {Entity::Kind::buffer});
      return false;
    }
    const std::optional<ir::NodeId> alloc = ctx_.scope.alloc_node(*entity);
    if (!alloc) {
      ctx_.diags.report(DiagCode::free_not_alloc, free.alloc_range, node.name, free.alloc, ctx_.scope.describe(*entity))
          .note<NoteCode::declared_here>(ctx_.scope.declaration(*entity), free.alloc);
      return false;
    }
    free.alloc_id = *alloc;
    free.buffer = std::get<ir::AllocNode>(graph_.node(*alloc).op).buffer;
    return true;
  }

  void check_alloc(ir::NodeId id, std::optional<ir::NodeId> free_id) {
    const ir::Node& alloc = graph_.node(id);
    if (alloc.body.valid()) return;  // reported by check_conditional_bodies
    const ir::BufferId buffer = std::get<ir::AllocNode>(alloc.op).buffer;
    if (!free_id) {
      ctx_.diags.report(DiagCode::alloc_not_freed, alloc.name_range, alloc.name, graph_.name);
    }
    const ir::Node* free = free_id && !graph_.node(*free_id).body.valid() ? &graph_.node(*free_id) : nullptr;
    const std::vector<bool> after_alloc = ctx_.dependencies().downstream(id);
    const std::vector<bool> before_free = free ? ctx_.dependencies().upstream(*free_id) : std::vector<bool>();
    if (free && !after_alloc[free_id->value]) {
      ctx_.diags.report(DiagCode::free_before_alloc, free->name_range, free->name, alloc.name)
          .note<NoteCode::alloc_declared_here>(alloc.name_range, alloc.name);
    }
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) {
      const ir::Node& user = graph_.nodes[i];
      const std::optional<SourceRange> use = use_of(graph_, user, buffer);
      if (!use) continue;
      const std::uint32_t ordered = top_level(graph_, ir::NodeId{i}).value;
      if (!after_alloc[ordered]) {
        report_use(DiagCode::use_before_alloc, user, *use, alloc, alloc)
            .note<NoteCode::alloc_declared_here>(alloc.name_range, alloc.name);
      } else if (free && !before_free[ordered]) {
        report_use(DiagCode::use_after_free, user, *use, alloc, *free)
            .note<NoteCode::freed_here>(free->name_range, alloc.name);
      }
    }
  }

  // Names the use; when it is inside a conditional body, notes the node that orders it.
  Diagnostic& report_use(DiagCode code, const ir::Node& user, SourceRange use, const ir::Node& alloc,
                         const ir::Node& other) {
    Diagnostic& d = ctx_.diags.report(code, use, ir::kind_name(user), user.name, alloc.name, other.name);
    const std::size_t index = static_cast<std::size_t>(&user - graph_.nodes.data());
    const ir::NodeId outer = top_level(graph_, ir::NodeId{static_cast<std::uint32_t>(index)});
    if (outer.value != index) {
      const ir::Node& conditional = graph_.node(outer);
      d.note<NoteCode::runs_inside>(conditional.name_range, user.name, ir::kind_name(conditional), conditional.name);
    }
    return d;
  }

  GraphContext& ctx_;
  ir::Graph& graph_;
};

}  // namespace

void check_memory_nodes(GraphContext& ctx) { MemoryChecker(ctx).run(); }

}  // namespace graphc::sema

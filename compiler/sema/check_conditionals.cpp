// Conditional nodes and their handles. Each conditional node tests a cond declared in the
// graph or body that holds it (CUDA creates the handle on that graph); a handle belongs to
// one conditional node; every cond is tested (CUDA fails instantiation otherwise); a
// kernel passes a cond only inside the graph the handle is created on; a switch's cases
// are 0, 1, 2, ...; and two warnings: a cond that nothing sets before its node reads it,
// and a while loop that nothing can end.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sema/bodies.h"
#include "sema/dependency_graph.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::ConditionalNode;

bool receives(const ir::Node& node, ir::CondId cond) {
  const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
  if (kernel == nullptr) return false;
  for (const ir::KernelArg& arg : kernel->args) {
    if (arg.kind == ir::KernelArg::Kind::cond && arg.cond == cond) return true;
  }
  return false;
}

class ConditionalChecker {
 public:
  explicit ConditionalChecker(GraphContext& ctx) : ctx_(ctx), graph_(ctx.graph), tested_by_(ctx.graph.conds.size()) {}

  void run() {
    fold_defaults();
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) {
      ir::Node& node = graph_.nodes[i];
      if (auto* conditional = std::get_if<ConditionalNode>(&node.op)) {
        resolve_test(node, *conditional, ir::NodeId{i});
        if (conditional->type == ConditionalNode::Type::switch_) check_cases(node, *conditional);
      } else if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op)) {
        check_cond_args(node, *kernel);
      }
    }
    for (std::uint32_t c = 0; c < graph_.conds.size(); ++c) {
      if (!tested_by_[c] && !failed_.contains(c)) {
        ctx_.diags.report(DiagCode::cond_unused, graph_.conds[c].name_range, graph_.conds[c].name);
      }
    }
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) {
      const auto* conditional = std::get_if<ConditionalNode>(&graph_.nodes[i].op);
      if (conditional != nullptr && conditional->cond_id.valid()) warn_unset(ir::NodeId{i}, *conditional);
    }
  }

 private:
  void fold_defaults() {
    for (ir::Cond& cond : graph_.conds) {
      if (!cond.default_value) continue;
      const std::optional<ir::Scalar> value = ctx_.folder.fold_integer(*cond.default_value, "a cond's default");
      if (!value) continue;
      const bool fits = ir::is_signed(value->type) ? value->integer >= 0 && value->integer <= UINT32_MAX
                                                   : static_cast<std::uint64_t>(value->integer) <= UINT32_MAX;
      if (!fits) {
        ctx_.diags.report(DiagCode::cond_default_range, cond.default_value->range, cond.name, value->text());
        continue;
      }
      cond.folded_default = static_cast<std::uint32_t>(value->integer);
    }
  }

  // The cond `node` tests: declared, a cond, in the node's own graph or body, and tested
  // by no other conditional node.
  void resolve_test(const ir::Node& node, ConditionalNode& conditional, ir::NodeId id) {
    const std::optional<Entity> entity = ctx_.scope.find(conditional.cond);
    if (!entity) {
      report_unknown(ctx_.diags, ctx_.scope, DiagCode::unknown_name, conditional.cond_range, conditional.cond,
                     {Entity::Kind::cond});
      return;
    }
    if (entity->kind != Entity::Kind::cond) {
      report_wrong_kind(ctx_.diags, ctx_.scope, conditional.cond_range, conditional.cond, *entity, "cond");
      return;
    }
    const ir::CondId cond_id{entity->index};
    const ir::Cond& cond = graph_.cond(cond_id);
    if (cond.body != node.body) {
      ctx_.diags
          .report(DiagCode::cond_scope, conditional.cond_range, cond.name, body_location(graph_, cond.body), node.name,
                  body_location(graph_, node.body))
          .note<NoteCode::declared_here>(cond.name_range, cond.name);
      failed_.insert(cond_id.value);
      return;
    }
    if (const std::optional<ir::NodeId> first = tested_by_[cond_id.value]) {
      const ir::Node& other = graph_.node(*first);
      ctx_.diags.report(DiagCode::cond_reused, conditional.cond_range, cond.name, other.name)
          .note<NoteCode::tests_it_here>(std::get<ConditionalNode>(other.op).cond_range, other.name);
      return;
    }
    tested_by_[cond_id.value] = id;
    conditional.cond_id = cond_id;
  }

  void check_cases(const ir::Node& node, const ConditionalNode& conditional) {
    for (std::size_t k = 0; k < conditional.cases.size(); ++k) {
      const std::optional<ir::Scalar> value = ctx_.folder.fold_integer(conditional.cases[k], "a case value");
      if (value && !(value->integer >= 0 && static_cast<std::uint64_t>(value->integer) == k)) {
        ctx_.diags.report(DiagCode::switch_case_order, conditional.cases[k].range, value->text(), node.name, k);
      }
    }
  }

  void check_cond_args(const ir::Node& node, const ir::KernelNode& kernel) {
    for (const ir::KernelArg& arg : kernel.args) {
      if (arg.kind != ir::KernelArg::Kind::cond) continue;
      const ir::Cond& cond = graph_.cond(arg.cond);
      if (graph_.body_within(node.body, cond.body)) continue;
      ctx_.diags.report(DiagCode::cond_not_visible, arg.range, cond.name, body_location(graph_, cond.body), node.name)
          .note<NoteCode::declared_here>(cond.name_range, cond.name);
    }
  }

  // Whether a kernel that receives `cond` runs inside one of `bodies` (at any depth).
  bool set_inside(const std::vector<ir::BodyId>& bodies, ir::CondId cond) const {
    for (const ir::Node& node : graph_.nodes) {
      if (!node.body.valid() || !receives(node, cond)) continue;
      for (const ir::BodyId body : bodies) {
        if (graph_.body_within(node.body, body)) return true;
      }
    }
    return false;
  }

  // Whether a kernel that receives `cond` runs before `id` (along edges).
  bool set_upstream(ir::NodeId id, ir::CondId cond) const {
    const std::vector<bool> before = ctx_.dependencies().upstream(id);
    for (std::uint32_t n = 0; n < graph_.nodes.size(); ++n) {
      if (n != id.value && before[n] && receives(graph_.nodes[n], cond)) return true;
    }
    return false;
  }

  void warn_unset(ir::NodeId id, const ConditionalNode& conditional) {
    const ir::Node& node = graph_.node(id);
    const ir::Cond& cond = graph_.cond(conditional.cond_id);
    const bool inside = set_inside(conditional.bodies, conditional.cond_id);
    // Every conditional node tests its handle when it starts, a WHILE before its first
    // iteration too (cudaGraphCondTypeWhile runs its body "as long as the condition is
    // non-zero"): what its body sets decides only later iterations.
    if (!cond.default_value && !set_upstream(id, conditional.cond_id)) {
      const bool loop = conditional.type == ConditionalNode::Type::while_;
      ctx_.diags
          .report(DiagCode::cond_never_set, conditional.cond_range, cond.name, ir::type_name(conditional.type),
                  node.name, loop ? " (a while tests it before its first iteration too)" : "", cond.name,
                  loop ? "1" : "0")
          .note<NoteCode::declared_here>(cond.name_range, cond.name);
    }
    if (conditional.type == ConditionalNode::Type::while_ && !inside) {
      ctx_.diags.report(DiagCode::while_never_ends, node.name_range, node.name, cond.name);
    }
  }

  GraphContext& ctx_;
  ir::Graph& graph_;
  std::vector<std::optional<ir::NodeId>> tested_by_;  // per cond
  std::set<std::uint32_t> failed_;                    // conds already reported as misplaced
};

}  // namespace

void check_conditionals(GraphContext& ctx) { ConditionalChecker(ctx).run(); }

}  // namespace graphc::sema

// Kernel arguments: each becomes a buffer's device pointer (`buf`, `buf + k`), a param's
// current value (`scale`), a cond's conditional handle (`keep_going`), or a compile-time
// value in its C++ type (`N`, `2.0f`, `i64(N) * 4`). A buffer, param or cond used any
// other way cannot be passed. A call's and a capture's arguments are resolved the same way
// (a capture passes no cond); check_calls then matches a call's with the called graph's
// parameters, check_captures a library operation's with its operands.
#include <string>

#include <fmt/format.h>

#include "sema/passes.h"
#include "sema/placement.h"

namespace graphc::sema {
namespace {

using ir::Expr;
using ir::KernelArg;
using ir::Scalar;

constexpr std::string_view kAllowed =
    "an argument is a buffer name, `buffer + k` with a constant integer k, a param name, a cond name, or a constant "
    "expression";

class ArgChecker {
 public:
  ArgChecker(GraphContext& ctx, const ir::Node& node) : ctx_(ctx), node_(node) {}

  void check(std::size_t index, KernelArg& arg) {
    number_ = index + 1;
    arg_ = &arg;
    const Expr& expr = arg.expr;
    if (expr.kind == Expr::Kind::name) {
      check_name(expr);
      return;
    }
    if (expr.kind == Expr::Kind::call && expr.name == "pitch") {
      check_pitch(expr);
      return;
    }
    if (expr.kind == Expr::Kind::add) {
      for (std::size_t side = 0; side < 2; ++side) {
        const Expr& name = expr.operands.at(side);
        if (name.kind != Expr::Kind::name) continue;
        const std::optional<Entity> entity = ctx_.scope.find(name.name);
        if (entity && entity->kind == Entity::Kind::buffer) {
          check_offset(*entity, expr.operands.at(1 - side));
          return;
        }
      }
    }
    if (const std::optional<Scalar> value = ctx_.folder.fold(expr, handler())) pass_value(*value);
  }

 private:
  // A buffer, param, node or event inside an expression: a node or an event is the wrong
  // kind of name, the others cannot take part in compile-time arithmetic.
  NonConstantHandler handler() {
    return [this](const Expr& name, Entity entity) -> std::optional<Scalar> {
      if (entity.kind == Entity::Kind::node || entity.kind == Entity::Kind::event) {
        report_wrong_kind(ctx_.diags, ctx_.scope, name.range, name.name, entity, "constant");
      } else {
        report(fmt::format("uses {} '{}' inside an expression; {}", ctx_.scope.describe(entity), name.name, kAllowed));
      }
      return std::nullopt;
    };
  }

  void report(const std::string& what) {
    ctx_.diags.report(DiagCode::bad_kernel_arg, arg_->range, number_, ir::kind_name(node_), node_.name, what);
  }

  void check_name(const Expr& expr) {
    const std::optional<Entity> entity = ctx_.scope.find(expr.name);
    if (!entity) {
      report_unknown(ctx_.diags, ctx_.scope, DiagCode::unknown_name, expr.range, expr.name,
                     {Entity::Kind::constant, Entity::Kind::param, Entity::Kind::buffer, Entity::Kind::cond});
      return;
    }
    switch (entity->kind) {
      case Entity::Kind::buffer:
        if (pageable(entity->index, expr.range) || two_d_operand(entity->index, expr.range)) return;
        arg_->kind = KernelArg::Kind::buffer;
        arg_->buffer = ir::BufferId{entity->index};
        arg_->offset = 0;
        return;
      case Entity::Kind::param:
        arg_->kind = KernelArg::Kind::param;
        arg_->param = ir::ParamId{entity->index};
        return;
      case Entity::Kind::cond:
        if (std::holds_alternative<ir::CaptureNode>(node_.op)) {
          report(fmt::format("passes cond '{}'; a capture function receives buffers, params and constant values, and "
                             "a conditional handle is set only by kernel nodes of the graph it is created on",
                             expr.name));
          return;
        }
        arg_->kind = KernelArg::Kind::cond;
        arg_->cond = ir::CondId{entity->index};
        return;
      case Entity::Kind::constant:
        if (const std::optional<Scalar> value = ctx_.folder.const_value(entity->index)) pass_value(*value);
        return;
      case Entity::Kind::node:
      case Entity::Kind::event:
        report_wrong_kind(ctx_.diags, ctx_.scope, expr.range, expr.name, *entity, "buffer, param, cond or constant");
        return;
    }
  }

  // `buf + k`: k elements into the buffer, which must stay inside it.
  void check_offset(Entity buffer, const Expr& offset) {
    const std::optional<Scalar> k = ctx_.folder.fold_integer(offset, "buffer offset", handler());
    if (!k || !ctx_.buffer_ok[buffer.index] || pageable(buffer.index, arg_->range)) return;
    const ir::Buffer& b = ctx_.graph.buffers[buffer.index];
    if (b.two_d()) {
      ctx_.diags.report(DiagCode::two_d_use, arg_->range, b.name, "offset by `+ k`",
                        "an offset into pitched rows is ambiguous; pass the buffer and `pitch(" + b.name +
                            ")` and index rows in the kernel");
      return;
    }
    const bool inside = ir::is_signed(k->type) ? k->integer >= 0 && static_cast<std::uint64_t>(k->integer) < b.count_value
                                               : static_cast<std::uint64_t>(k->integer) < b.count_value;
    if (!inside) {
      report(fmt::format("offsets buffer '{}' by {} elements; offsets from 0 to {} stay within its {} elements", b.name,
                         k->text(), b.count_value - 1, b.count_value));
      return;
    }
    arg_->kind = KernelArg::Kind::buffer;
    arg_->buffer = ir::BufferId{buffer.index};
    arg_->offset = k->integer;
  }

  // `pitch(buf)`: a kernel node passing a 2-D buffer's pitch in bytes.
  void check_pitch(const Expr& expr) {
    const auto wrong = [&](const std::string& what) {
      ctx_.diags.report(DiagCode::bad_pitch_arg, arg_->range, number_, ir::kind_name(node_), node_.name, what);
    };
    if (!std::holds_alternative<ir::KernelNode>(node_.op)) {
      wrong("only a kernel node receives a pitch");
      return;
    }
    if (expr.operands.size() != 1 || expr.operands[0].kind != Expr::Kind::name) {
      wrong("pitch() takes the name of a buffer");
      return;
    }
    const Expr& name = expr.operands[0];
    const std::optional<Entity> entity = ctx_.scope.find(name.name);
    if (!entity) {
      report_unknown(ctx_.diags, ctx_.scope, DiagCode::unknown_name, name.range, name.name, {Entity::Kind::buffer});
      return;
    }
    if (entity->kind != Entity::Kind::buffer) {
      report_wrong_kind(ctx_.diags, ctx_.scope, name.range, name.name, *entity, "buffer");
      return;
    }
    const ir::Buffer& b = ctx_.graph.buffers[entity->index];
    if (!b.two_d()) {
      wrong(fmt::format("'{}' is a 1-D buffer, which has no pitch", b.name));
      return;
    }
    arg_->kind = KernelArg::Kind::pitch;
    arg_->buffer = ir::BufferId{entity->index};
  }

  // A child graph or capture node passing a 2-D buffer: their parameters and operands are
  // 1-D (E0241).
  bool two_d_operand(std::uint32_t buffer, SourceRange range) {
    const ir::Buffer& b = ctx_.graph.buffers[buffer];
    if (!b.two_d() || std::holds_alternative<ir::KernelNode>(node_.op)) return false;
    ctx_.diags.report(DiagCode::two_d_use, range, b.name,
                      fmt::format("passed by {} node '{}'", ir::kind_name(node_), node_.name),
                      "graph parameters and library operands are 1-D buffers");
    return true;
  }

  // A kernel or capture node passing a pageable buffer, which the device cannot address
  // (E0219); a call passes it on to a parameter that check_calls matches by space.
  bool pageable(std::uint32_t buffer, SourceRange range) {
    const ir::Buffer& b = ctx_.graph.buffers[buffer];
    if (b.space != ir::MemorySpace::pageable || std::holds_alternative<ir::ChildGraphNode>(node_.op)) return false;
    report_pageable_use(ctx_.diags, node_, "passes", b, range);
    return true;
  }

  void pass_value(const Scalar& value) {
    arg_->kind = KernelArg::Kind::value;
    arg_->value = value;
  }

  GraphContext& ctx_;
  const ir::Node& node_;
  std::size_t number_ = 0;
  KernelArg* arg_ = nullptr;
};

}  // namespace

void check_kernel_args(GraphContext& ctx) {
  for (ir::Node& node : ctx.graph.nodes) {
    std::vector<ir::KernelArg>* args = nullptr;
    if (auto* kernel = std::get_if<ir::KernelNode>(&node.op)) args = &kernel->args;
    if (auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) args = &call->args;
    if (auto* capture = std::get_if<ir::CaptureNode>(&node.op)) args = &capture->args;
    if (args == nullptr) continue;
    ArgChecker checker(ctx, node);
    for (std::size_t i = 0; i < args->size(); ++i) {
      // `@g` names a graph of the module: check_device_launch resolves it.
      if ((*args)[i].null_pointer) {
        (*args)[i].kind = ir::KernelArg::Kind::null_pointer;
      } else if ((*args)[i].graph.empty()) {
        checker.check(i, (*args)[i]);
      }
    }
  }
}

}  // namespace graphc::sema

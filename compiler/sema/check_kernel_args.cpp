// Kernel arguments: each becomes a buffer's device pointer (`buf`, `buf + k`), a param's
// current value (`scale`), a cond's conditional handle (`keep_going`), this process's rank
// in a communicator (`rank(tp)`), or a compile-time value in its C++ type (`N`, `2.0f`,
// `i64(N) * 4`). A buffer, param or cond used any
// other way cannot be passed. A call's, a capture's and a host node's arguments are resolved
// the same way (a capture passes no cond, a host node none either: E0220); check_call_args
// then matches a call's with the called graph's parameters, check_captures a library
// operation's with its operands, check_host_args a host function's across the nodes that
// call it.
#include <string>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "ir/node_kind.h"
#include "ir/vector_structs.h"
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
    if (!arg.struct_name.empty()) {
      check_aggregate(arg);
      return;
    }
    if (arg.null_pointer) {
      arg.kind = KernelArg::Kind::null_pointer;
      return;
    }
    const Expr& expr = arg.expr;
    if (expr.kind == Expr::Kind::name) {
      check_name(expr);
      return;
    }
    if (expr.kind == Expr::Kind::call && expr.name == "pitch") {
      check_pitch(expr);
      return;
    }
    if (expr.kind == Expr::Kind::call && expr.name == "rank") {
      check_rank(expr);
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
      if (entity.kind == Entity::Kind::node || entity.kind == Entity::Kind::event ||
          entity.kind == Entity::Kind::comm) {
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
        if (std::holds_alternative<ir::CaptureNode>(node_.op) && ir::is_vector(ctx_.graph.params[entity->index].type)) {
          report(fmt::format("passes param '{}' of the vector type {}; a capture function receives buffers and "
                             "scalars (pass the lanes the function needs as scalar params)",
                             expr.name, ir::type_name(ctx_.graph.params[entity->index].type)));
          return;
        }
        arg_->kind = KernelArg::Kind::param;
        arg_->param = ir::ParamId{entity->index};
        return;
      case Entity::Kind::cond:
        if (std::holds_alternative<ir::HostNode>(node_.op)) {
          const ir::Cond& cond = ctx_.graph.conds[entity->index];
          ctx_.diags.report(DiagCode::host_arg_cond, expr.range, number_, node_.name, expr.name)
              .note<NoteCode::declared_here>(cond.name_range, cond.name);
          return;
        }
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
      case Entity::Kind::comm:
        if (!std::holds_alternative<ir::CollectiveNode>(node_.op) &&
            !std::holds_alternative<ir::ChildGraphNode>(node_.op)) {
          report(fmt::format("passes communicator '{}'; only a collective node runs over a communicator, and a call "
                             "passes one to a graph's `comm` parameter",
                             expr.name));
          return;
        }
        arg_->kind = KernelArg::Kind::comm;
        arg_->comm = ir::CommId{entity->index};
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
      ctx_.diags.report(DiagCode::two_d_use, arg_->range, b.rank(), b.name, "offset by `+ k`",
                        "an offset into pitched rows is ambiguous; pass the buffer and `pitch(" + b.name +
                            ")` and index rows in the kernel");
      return;
    }
    const bool inside = ir::is_signed(k->type)
                            ? k->integer >= 0 && static_cast<std::uint64_t>(k->integer) < b.count_value
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

  // `rank(tp)`: a kernel node passing this process's rank in communicator tp, an int each
  // rank's build fills in (the one per-rank value a graph has: everything else is the same
  // on every rank).
  void check_rank(const Expr& expr) {
    const std::optional<ir::CommId> comm = ctx_.folder.comm_operand(expr);
    if (!comm) return;
    if (!std::holds_alternative<ir::KernelNode>(node_.op)) {
      report(fmt::format("passes rank({}); only a kernel node receives a rank, as an int",
                         ctx_.graph.comm(*comm).name));
      return;
    }
    arg_->kind = KernelArg::Kind::rank;
    arg_->comm = *comm;
  }

  // A child graph, capture or host node passing a 2-D buffer: their parameters, operands
  // and arguments are 1-D (E0241).
  bool two_d_operand(std::uint32_t buffer, SourceRange range) {
    const ir::Buffer& b = ctx_.graph.buffers[buffer];
    if (!b.two_d() || std::holds_alternative<ir::KernelNode>(node_.op)) return false;
    const std::string_view why =
        std::holds_alternative<ir::HostNode>(node_.op)
            ? "a host function's pointer arguments are 1-D buffers, and it receives no pitch; read the image "
              "in a kernel, or copy it to a host buffer first"
            : "graph parameters and library operands are 1-D buffers";
    ctx_.diags.report(DiagCode::two_d_use, range, b.rank(), b.name,
                      fmt::format("passed by {} node '{}'", ir::kind_name(node_), node_.name), why);
    return true;
  }

  // A kernel or capture node passing a pageable buffer, which the device cannot address
  // (E0219); a call passes it on to a parameter that check_call_args matches by space,
  // and a host node's function reads it on the CPU.
  bool pageable(std::uint32_t buffer, SourceRange range) {
    const ir::Buffer& b = ctx_.graph.buffers[buffer];
    if (b.space != ir::MemorySpace::pageable || std::holds_alternative<ir::ChildGraphNode>(node_.op) ||
        std::holds_alternative<ir::HostNode>(node_.op)) {
      return false;
    }
    report_pageable_use(ctx_.diags, node_, "passes", b, range);
    return true;
  }

  // `S{a, b, ...}`: a struct of the module or a vector type, one value per field, each
  // resolved as an argument is and matched with its field: a buffer of the field's element
  // type or `nullptr` for a pointer, a param of the field's type or a constant that fits for
  // a scalar.
  void check_aggregate(KernelArg& aggregate) {
    const ir::StructDecl* decl = find_struct(aggregate);
    if (decl == nullptr) return;
    if (aggregate.fields.size() != decl->fields.size()) {
      Diagnostic& d = ctx_.diags.report(DiagCode::struct_value_count, aggregate.range, number_, ir::kind_name(node_),
                                        node_.name, counted(aggregate.fields.size(), "value"), decl->name,
                                        counted(decl->fields.size(), "field"));
      if (ir::is_vector_struct(*decl)) {
        d.note<NoteCode::vector_type_lanes>(SourceRange{}, decl->name, decl->fields.size(),
                                            ir::type_name(decl->fields.front().type));
      } else {
        d.note<NoteCode::struct_declared_here>(decl->name_range, decl->name);
      }
      return;
    }
    bool ok = true;
    for (std::size_t i = 0; i < decl->fields.size(); ++i) {
      KernelArg& value = aggregate.fields[i];
      const std::size_t errors = ctx_.diags.error_count();
      arg_ = &value;
      check(number_ - 1, value);
      arg_ = &aggregate;
      ok = ctx_.diags.error_count() == errors && match_field(decl->fields[i], *decl, value) && ok;
      value.field_offset = decl->fields[i].offset;
    }
    if (!ok) return;
    aggregate.kind = KernelArg::Kind::aggregate;
    if (decl >= ctx_.structs.data() && decl < ctx_.structs.data() + ctx_.structs.size()) {
      aggregate.struct_id = ir::StructId{static_cast<std::uint32_t>(decl - ctx_.structs.data())};
    }
    aggregate.struct_size = decl->size;
  }

  // A struct of the module, or one of CUDA's vector types (`float4{x, y, z, w}`).
  const ir::StructDecl* find_struct(const KernelArg& aggregate) {
    std::vector<std::string> names;
    for (const ir::StructDecl& decl : ctx_.structs) {
      if (decl.name == aggregate.struct_name) return &decl;
      names.push_back(decl.name);
    }
    if (const ir::StructDecl* vector = ir::vector_struct(aggregate.struct_name)) return vector;
    Diagnostic& d = ctx_.diags.report(DiagCode::unknown_struct, aggregate.struct_range, aggregate.struct_name);
    if (const auto guess = closest_name(aggregate.struct_name, names))
      d.note<NoteCode::did_you_mean>(SourceRange{}, *guess);
    return nullptr;
  }

  // Whether resolved `value` fits `field`; E0234 or E0212 (with a note at the field) if not.
  bool match_field(const ir::StructField& field, const ir::StructDecl& decl, KernelArg& value) {
    const std::string field_type = std::string(ir::type_name(field.type)) + (field.pointer ? "*" : "");
    std::string passes;
    switch (value.kind) {
      case KernelArg::Kind::buffer: {
        const ir::Buffer& b = ctx_.graph.buffer(value.buffer);
        if (field.pointer && b.type == field.type) return true;
        passes = fmt::format("buffer '{}' of {} elements", b.name, ir::type_name(b.type));
        break;
      }
      case KernelArg::Kind::null_pointer:
        if (field.pointer) return true;
        passes = "nullptr";
        break;
      case KernelArg::Kind::param: {
        const ir::Param& p = ctx_.graph.param(value.param);
        if (!field.pointer && p.type == field.type) return true;
        passes = fmt::format("param '{}' of type {}", p.name, ir::type_name(p.type));
        break;
      }
      case KernelArg::Kind::value:
        if (!field.pointer) {
          if (value.value.fits(field.type)) {
            value.value = value.value.convert(field.type);
            return true;
          }
          Diagnostic& d = ctx_.diags.report(DiagCode::value_out_of_range, value.range, value.value.text(),
                                            ir::type_name(field.type));
          if (!ir::is_vector_struct(decl)) {
            d.note<NoteCode::struct_field_declared_here>(field.range, field.name, decl.name);
          }
          return false;
        }
        passes = fmt::format("the value {} of type {}", value.value.text(), ir::type_name(value.value.type));
        break;
      case KernelArg::Kind::cond:
        passes = fmt::format("cond '{}', a conditional handle", ctx_.graph.cond(value.cond).name);
        break;
      case KernelArg::Kind::pitch:  // a std::size_t
        if (!field.pointer && field.type == ir::ScalarType::u64) return true;
        passes = fmt::format("the pitch of '{}', a u64", ctx_.graph.buffer(value.buffer).name);
        break;
      case KernelArg::Kind::rank:  // an int
        if (!field.pointer && field.type == ir::ScalarType::i32) return true;
        passes = fmt::format("rank({}), an i32", ctx_.graph.comm(value.comm).name);
        break;
      default: passes = "a value of another kind"; break;
    }
    Diagnostic& d = ctx_.diags.report(DiagCode::struct_field_value, value.range, field.name, decl.name, field_type,
                                      number_, ir::kind_name(node_), node_.name, passes);
    if (!ir::is_vector_struct(decl)) d.note<NoteCode::field_declared_here>(field.range, field.name);
    return false;
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
    std::vector<ir::KernelArg>* args = ir::args_of(node);
    if (args == nullptr) continue;
    ArgChecker checker(ctx, node);
    for (std::size_t i = 0; i < args->size(); ++i) {
      // `@g` names a graph of the module: check_device_launch resolves it.
      if ((*args)[i].graph.empty() && (*args)[i].node.empty()) checker.check(i, (*args)[i]);
    }
  }
}

}  // namespace graphc::sema

// The arguments of a child graph node (`call NAME : GRAPH(args);`) bind the called graph's
// parameters, in order: a buffer parameter takes a buffer of its element type and memory
// space with at least its count of elements, a scalar one a param of its type or a value,
// converted to its type, a `comm` one a communicator of the size it is checked for (E0910),
// declared without [register] or [window] (E0911). CUDA clones what it is given without checking what the caller
// meant: a buffer of the wrong type or size shows up as wrong results.
#include <string>

#include <fmt/format.h>

#include "ir/describe.h"
#include "sema/arithmetic.h"
#include "sema/call_nodes.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::ChildGraphNode;
using ir::KernelArg;

// "buffer 'a'", "param 'lr'", "cond 'go'", "the value 0.5".
std::string describe_arg(const ir::Graph& graph, const KernelArg& arg) {
  switch (arg.kind) {
    case KernelArg::Kind::buffer: return fmt::format("buffer '{}'", graph.buffer(arg.buffer).name);
    case KernelArg::Kind::param: return fmt::format("param '{}'", graph.param(arg.param).name);
    case KernelArg::Kind::cond: return fmt::format("cond '{}'", graph.cond(arg.cond).name);
    case KernelArg::Kind::value: return fmt::format("the value {}", arg.value.text());
    case KernelArg::Kind::comm: return fmt::format("communicator '{}'", graph.comm(arg.comm).name);
    case KernelArg::Kind::graph_exec:
    case KernelArg::Kind::device_node:
    case KernelArg::Kind::null_pointer:
    case KernelArg::Kind::aggregate:
    case KernelArg::Kind::pitch:  // refused in calls (E0242)
    case KernelArg::Kind::rank:   // a kernel's only
    case KernelArg::Kind::unresolved: break;
  }
  return "an argument";
}

// "a buffer (f32[1024], device memory)", "a scalar (f32)", "a vector (float4), which only
// a param of its type passes".
std::string describe_parameter(const ir::Graph& graph, const ir::Parameter& parameter) {
  if (parameter.kind == ir::Parameter::Kind::comm) return "a communicator (comm)";
  if (parameter.kind == ir::Parameter::Kind::scalar) {
    const ir::ScalarType type = graph.param(parameter.param).type;
    if (ir::is_vector(type))
      return fmt::format("a vector ({}), which only a param of its type passes", ir::type_name(type));
    return fmt::format("a scalar ({})", ir::type_name(type));
  }
  const ir::Buffer& buffer = graph.buffer(parameter.buffer);
  return fmt::format("a buffer ({}[{}], {})", ir::type_name(buffer.type), buffer.count_value,
                     ir::space_description(buffer.space));
}

SourceRange parameter_range(const ir::Graph& graph, const ir::Parameter& parameter) {
  switch (parameter.kind) {
    case ir::Parameter::Kind::buffer: return graph.buffer(parameter.buffer).name_range;
    case ir::Parameter::Kind::comm: return graph.comm(parameter.comm).name_range;
    case ir::Parameter::Kind::scalar: break;
  }
  return graph.param(parameter.param).name_range;
}

const std::string& parameter_name(const ir::Graph& graph, const ir::Parameter& parameter) {
  switch (parameter.kind) {
    case ir::Parameter::Kind::buffer: return graph.buffer(parameter.buffer).name;
    case ir::Parameter::Kind::comm: return graph.comm(parameter.comm).name;
    case ir::Parameter::Kind::scalar: break;
  }
  return graph.param(parameter.param).name;
}

class CallArgChecker {
 public:
  CallArgChecker(ir::Module& module, DiagEngine& diags) : module_(module), diags_(diags) {}

  void run() {
    for_each_call(module_,
                  [&](const ir::Graph& caller, const ir::Node& n, ChildGraphNode& c) { check_args(caller, n, c); });
  }

 private:
  // The arguments against the called graph's parameters, in order; a scalar value is
  // converted to its parameter's type.
  void check_args(const ir::Graph& caller, const ir::Node& n, ChildGraphNode& c) {
    if (!c.graph_id.valid()) return;
    const ir::Graph& callee = module_.graph(c.graph_id);
    if (c.args.size() != callee.parameters.size()) {
      diags_
          .report(DiagCode::call_arg_count, c.args_range.valid() ? c.args_range : n.name_range, n.name,
                  counted(c.args.size(), "argument"), callee.name, counted(callee.parameters.size(), "parameter"))
          .note<NoteCode::declared_here>(callee.name_range, callee.name);
      return;
    }
    for (std::size_t i = 0; i < c.args.size(); ++i) {
      KernelArg& arg = c.args[i];
      const ir::Parameter& parameter = callee.parameters[i];
      if (arg.kind == KernelArg::Kind::unresolved) continue;  // reported by check_kernel_args
      // A buffer where a scalar is wanted, or anything else where a buffer is.
      const auto report_kind = [&] {
        const std::string& name = parameter_name(callee, parameter);
        diags_
            .report(DiagCode::call_arg_kind, arg.range, i + 1, n.name, describe_arg(caller, arg), name, callee.name,
                    describe_parameter(callee, parameter))
            .note<NoteCode::declared_here>(parameter_range(callee, parameter), name);
      };
      if (parameter.kind == ir::Parameter::Kind::buffer) {
        if (arg.kind != KernelArg::Kind::buffer) {
          report_kind();
          continue;
        }
        check_buffer_arg(caller, callee, n, i, arg, parameter);
        continue;
      }
      if (parameter.kind == ir::Parameter::Kind::comm) {
        if (arg.kind != KernelArg::Kind::comm) {
          report_kind();
          continue;
        }
        check_comm_arg(caller, callee, n, i, arg, callee.comm(parameter.comm));
        continue;
      }
      const ir::Param& param = callee.param(parameter.param);
      if (arg.kind == KernelArg::Kind::param) {
        const ir::Param& given = caller.param(arg.param);
        if (given.type != param.type) {
          diags_
              .report(DiagCode::call_arg_type, arg.range, i + 1, n.name, fmt::format("param '{}'", given.name),
                      ir::type_name(given.type), param.name, callee.name, ir::type_name(param.type))
              .note<NoteCode::declared_here>(param.name_range, param.name);
        }
      } else if (arg.kind == KernelArg::Kind::value && !ir::is_vector(param.type)) {
        if (!converts_exactly(arg.value, param.type)) {
          diags_.report(DiagCode::value_out_of_range, arg.range, arg.value.text(), ir::type_name(param.type))
              .note<NoteCode::parameter_is>(param.name_range, param.name, callee.name, ir::type_name(param.type));
          continue;
        }
        arg.value = arg.value.convert(param.type);
      } else {
        report_kind();
      }
    }
  }

  // A communicator argument: of the size the parameter is checked for, and plain: the memory
  // of a `[register]` or `[window]` communicator's collectives is registered by the graph that
  // declares it, which does not see the called graph's.
  void check_comm_arg(const ir::Graph& caller, const ir::Graph& callee, const ir::Node& n, std::size_t i,
                      const KernelArg& arg, const ir::Comm& wanted) {
    const ir::Comm& given = caller.comm(arg.comm);
    if (given.registration != ir::CommRegistration::none) {
      diags_
          .report(DiagCode::call_comm_registration, arg.range, i + 1, n.name, given.name,
                  ir::registration_name(given.registration))
          .note<NoteCode::declared_here>(given.name_range, given.name);
      return;
    }
    if (given.world_size != 0 && wanted.world_size != 0 && given.world_size != wanted.world_size) {
      diags_
          .report(DiagCode::call_comm_world_size, arg.range, i + 1, n.name, given.name, given.world_size, wanted.name,
                  callee.name, wanted.world_size)
          .note<NoteCode::declared_here>(wanted.name_range, wanted.name);
    }
  }

  // A buffer argument: the parameter's element type and memory space, and at least its
  // count of elements from the argument's offset on.
  void check_buffer_arg(const ir::Graph& caller, const ir::Graph& callee, const ir::Node& n, std::size_t i,
                        const KernelArg& arg, const ir::Parameter& parameter) {
    const ir::Buffer& given = caller.buffer(arg.buffer);
    const ir::Buffer& wanted = callee.buffer(parameter.buffer);
    const auto note = [&](Diagnostic& d) { d.note<NoteCode::declared_here>(wanted.name_range, wanted.name); };
    if (given.type != wanted.type) {
      note(diags_.report(DiagCode::call_arg_type, arg.range, i + 1, n.name, fmt::format("buffer '{}'", given.name),
                         ir::type_name(given.type), wanted.name, callee.name, ir::type_name(wanted.type)));
      return;
    }
    if (given.space != wanted.space) {
      note(diags_.report(DiagCode::call_arg_space, arg.range, i + 1, n.name, given.name,
                         ir::space_description(given.space), wanted.name, callee.name,
                         ir::space_description(wanted.space)));
      return;
    }
    if (given.count_value == 0 || wanted.count_value == 0) return;  // a count that did not fold: reported
    const std::uint64_t available = given.count_value - static_cast<std::uint64_t>(arg.offset);
    if (available < wanted.count_value) {
      note(diags_.report(DiagCode::call_arg_size, arg.range, i + 1, n.name, available, given.name, wanted.name,
                         callee.name, wanted.count_value));
      return;
    }
    check_view_alignment(caller, callee, arg, parameter);
  }

  // The called graph's views of a buffer parameter start at the argument's address plus
  // their offset, which must be a multiple of their element type's alignment (E0224, as in
  // one graph).
  void check_view_alignment(const ir::Graph& caller, const ir::Graph& callee, const KernelArg& arg,
                            const ir::Parameter& parameter) {
    const ir::Graph::Storage memory = caller.storage(arg.buffer);
    const std::uint64_t start =
        memory.offset + static_cast<std::uint64_t>(arg.offset) * ir::type_size(caller.buffer(arg.buffer).type);
    for (std::uint32_t b = 0; b < callee.buffers.size(); ++b) {
      const ir::Buffer& view = callee.buffers[b];
      const ir::Graph::Storage viewed = callee.storage(ir::BufferId{b});
      if (!view.view || viewed.root != parameter.buffer) continue;
      const std::size_t alignment = ir::type_alignment(view.type);
      if ((start + viewed.offset) % alignment == 0) continue;
      const std::string& root = caller.buffer(memory.root).name;
      diags_
          .report(DiagCode::view_misaligned, arg.range, view.name, start + viewed.offset, root, alignment,
                  ir::type_name(view.type))
          .note<NoteCode::view_of_parameter>(view.name_range, view.name, callee.name,
                                             callee.buffer(parameter.buffer).name);
      return;
    }
  }

  ir::Module& module_;
  DiagEngine& diags_;
};

}  // namespace

void check_call_args(ir::Module& module, DiagEngine& diags) { CallArgChecker(module, diags).run(); }

std::string counted(std::size_t n, std::string_view noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); }

}  // namespace graphc::sema

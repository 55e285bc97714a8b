// Collective nodes (`collective NAME : nccl.OP<REDUCE>(COMM, send, recv[, root | shift]);`),
// the validator's code of the kind (sema/function_calls.h): the operation exists (E1101), its
// reduction (E1102), its argument count (E1103), its communicator (E1104), its buffers
// (E1105), how their counts relate (E1106), its root (E1107), a send_recv's shift (E1114),
// that a point-to-point exchange does not send from what it receives into (E1113), and that a
// `[window]` communicator's collectives pass memory that can be a window (E1117); and
// what it reads and writes. The order of a communicator's collectives is
// check_collective_order's (E1108).
#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "ir/collective_ops.h"
#include "ir/describe.h"
#include "ir/library_ops.h"
#include "sema/function_calls.h"

namespace graphc::sema {
namespace {

using ir::KernelArg;

// The operations' names, in the table's order: for E1101's list and its "did you mean".
std::vector<std::string> collective_names() {
  std::vector<std::string> names;
  for (const ir::CollectiveOpInfo& op : ir::collective_ops()) names.emplace_back(op.name);
  return names;
}

std::string operand_list(const ir::CollectiveOpInfo& op) {
  switch (op.rank_arg) {
    case ir::CollectiveRankArg::root: return "(comm, send, recv, root)";
    case ir::CollectiveRankArg::shift: return "(comm, send, recv, shift)";
    case ir::CollectiveRankArg::none: break;
  }
  return "(comm, send, recv)";
}

class CollectiveChecker {
 public:
  CollectiveChecker(GraphContext& ctx, const ir::Node& node, ir::CollectiveNode& collective)
      : ctx_(ctx), graph_(ctx.graph), node_(node), collective_(collective), call_(collective.collective) {}

  void run() {
    const ir::LibraryFunction split = ir::split_library_function(collective_.function);
    const ir::CollectiveOpInfo* op = ir::find_collective_op(split.name);
    if (op == nullptr) {
      unknown(split.name);
      return;
    }
    bool ok = reduction(*op, split);
    const std::size_t arity = op->rank_arg == ir::CollectiveRankArg::none ? 3 : 4;
    if (collective_.args.size() != arity) {
      ctx_.diags.report(DiagCode::collective_arg_count, collective_.args_range, node_.name, collective_.args.size(),
                        op->name, arity, operand_list(*op));
      return;
    }
    ok = comm() && ok;
    ok = buffer(ir::kCollectiveSend, "send") && ok;
    ok = buffer(ir::kCollectiveRecv, "receive") && ok;
    if (ok) ok = window(ir::kCollectiveSend) && (in_place() || window(ir::kCollectiveRecv));
    if (op->rank_arg == ir::CollectiveRankArg::root) ok = root() && ok;
    if (op->rank_arg == ir::CollectiveRankArg::shift) ok = shift() && ok;
    if (!ok) return;
    call_.op = op->op;
    ok = same_type() && counts(*op) && (op->in_place || apart(*op));
    if (!ok) call_.op = ir::CollectiveOp::none;
  }

 private:
  void unknown(const std::string& name) {
    const std::vector<std::string> candidates = collective_names();
    Diagnostic& d = ctx_.diags.report(DiagCode::unknown_collective_op, collective_.function_range, node_.name, name,
                                      fmt::format("{}", fmt::join(candidates, ", ")));
    if (const auto close = closest_name(name, candidates)) {
      d.note<NoteCode::did_you_mean>(collective_.function_range, *close);
    }
  }

  // `<sum>`: the reduction of an operation that reduces; none for the others.
  bool reduction(const ir::CollectiveOpInfo& op, const ir::LibraryFunction& split) {
    const std::string given = fmt::format("<{}>", fmt::join(split.template_args, ", "));
    if (!op.reduces) {
      if (!split.has_template_args) return true;
      ctx_.diags.report(DiagCode::collective_template_args, collective_.function_range, op.name,
                        fmt::format("takes no template argument, but it was given {}", given));
      return false;
    }
    if (split.template_args.size() == 1) {
      if (const std::optional<ir::ReduceOp> reduce = ir::find_reduce_op(split.template_args[0])) {
        call_.reduce = *reduce;
        return true;
      }
    }
    ctx_.diags.report(DiagCode::collective_template_args, collective_.function_range, op.name,
                      fmt::format("takes its reduction as its template argument, one of {}, such as {}<sum>; {}",
                                  fmt::join(ir::reduce_op_names(), ", "), op.name,
                                  split.has_template_args ? "it was given " + given : "it was given none"));
    return false;
  }

  bool comm() {
    const KernelArg& arg = collective_.args[ir::kCollectiveComm];
    if (arg.kind == KernelArg::Kind::comm) {
      call_.comm = arg.comm;
      return true;
    }
    if (arg.kind != KernelArg::Kind::unresolved) {
      ctx_.diags.report(DiagCode::collective_comm, arg.range, node_.name, fmt::format("passes {}", passes(arg)));
    }
    return false;  // an unresolved one is reported by check_kernel_args
  }

  bool buffer(std::uint32_t index, std::string_view side) {
    const KernelArg& arg = collective_.args[index];
    if (arg.kind == KernelArg::Kind::unresolved) return false;
    const auto refuse = [&](const std::string& why) {
      ctx_.diags.report(DiagCode::collective_buffer, arg.range, side, node_.name, why);
      return false;
    };
    if (arg.kind != KernelArg::Kind::buffer) return refuse(fmt::format("passes {}", passes(arg)));
    if (!ctx_.buffer_ok[arg.buffer.value]) return false;  // its count did not fold, reported there
    const ir::Buffer& b = graph_.buffer(arg.buffer);
    if (b.space == ir::MemorySpace::host) return refuse(fmt::format("passes {}", passes(arg)));
    if (!ir::is_nccl_type(b.type)) {
      return refuse(fmt::format("passes '{}' of {} elements", b.name, ir::type_name(b.type)));
    }
    const std::uint64_t count = b.count_value - static_cast<std::uint64_t>(arg.offset);
    (index == ir::kCollectiveSend ? call_.send_count : call_.recv_count) = count;
    return true;
  }

  bool in_place() const {
    return collective_.args[ir::kCollectiveSend].buffer == collective_.args[ir::kCollectiveRecv].buffer;
  }

  // Over a `[window]` communicator: what the buffer `index` names is a window, a whole buffer
  // of device memory that graphc allocates on the communicator's device (E1117, once for an
  // in-place call's one buffer; a 2-D buffer is no collective's, E0241).
  bool window(std::uint32_t index) {
    const ir::Comm& comm = graph_.comm(call_.comm);
    if (comm.registration != ir::CommRegistration::window) return true;
    const KernelArg& arg = collective_.args[index];
    const ir::BufferId root = graph_.storage(arg.buffer).root;
    const ir::Buffer& memory = graph_.buffer(root);
    std::string why;
    if (memory.space != ir::MemorySpace::device) {
      why = fmt::format("{} memory", ir::space_name(memory.space));
    } else if (memory.alloc.valid()) {
      why = fmt::format("memory that mem alloc node '{}' allocates", graph_.node(memory.alloc).name);
    } else if (memory.device) {
      why = "memory placed on a device by device(...)";
    } else if (graph_.is_parameter(root)) {
      why = "the memory of a graph parameter, which its caller owns";
    }
    if (why.empty()) return true;
    ctx_.diags.report(DiagCode::window_memory, arg.range, node_.name, graph_.buffer(arg.buffer).name, why, comm.name)
        .note<NoteCode::declared_kind_here>(comm.name_range, "communicator", comm.name);
    return false;
  }

  bool root() {
    const KernelArg& arg = collective_.args[ir::kCollectiveRankArg];
    if (arg.kind == KernelArg::Kind::value && !arg.value.is_float() &&
        (!ir::is_signed(arg.value.type) || arg.value.integer >= 0) && arg.value.integer <= INT32_MAX) {
      call_.root = arg.value.integer;
      const KernelArg& comm = collective_.args[ir::kCollectiveComm];
      if (comm.kind != KernelArg::Kind::comm || graph_.comm(comm.comm).world_size == 0 ||
          call_.root < graph_.comm(comm.comm).world_size) {
        return true;
      }
      ctx_.diags.report(DiagCode::collective_root, arg.range, node_.name,
                        fmt::format("is {}, but communicator '{}' has {} ranks", call_.root,
                                    graph_.comm(comm.comm).name, graph_.comm(comm.comm).world_size));
      return false;
    }
    if (arg.kind != KernelArg::Kind::unresolved) {
      ctx_.diags.report(DiagCode::collective_root, arg.range, node_.name, fmt::format("passes {}", passes(arg)));
    }
    return false;
  }

  // A send_recv's shift: a constant integer, of any sign (taken modulo the size).
  bool shift() {
    const KernelArg& arg = collective_.args[ir::kCollectiveRankArg];
    if (arg.kind == KernelArg::Kind::value && !arg.value.is_float() &&
        (ir::is_signed(arg.value.type) || static_cast<std::uint64_t>(arg.value.integer) <= INT32_MAX) &&
        arg.value.integer >= INT32_MIN && arg.value.integer <= INT32_MAX) {
      call_.shift = arg.value.integer;
      return true;
    }
    if (arg.kind != KernelArg::Kind::unresolved) {
      ctx_.diags.report(DiagCode::collective_shift, arg.range, node_.name, fmt::format("passes {}", passes(arg)));
    }
    return false;
  }

  // NCCL's sends read a buffer while the peers' receives write theirs: a point-to-point
  // exchange that receives into what it sends would overwrite what a peer still reads.
  bool apart(const ir::CollectiveOpInfo& op) {
    std::vector<MemoryAccess> accesses;
    AccessList list(graph_, accesses);
    const KernelArg& send = collective_.args[ir::kCollectiveSend];
    const KernelArg& recv = collective_.args[ir::kCollectiveRecv];
    const std::uint64_t element = ir::type_size(call_.type);
    MemoryExtent sent = list.pointer_extent(send.buffer, static_cast<std::uint64_t>(send.offset));
    MemoryExtent received = list.pointer_extent(recv.buffer, static_cast<std::uint64_t>(recv.offset));
    sent.columns[1] = std::min(sent.columns[1], sent.columns[0] + call_.send_count * element);
    received.columns[1] = std::min(received.columns[1], received.columns[0] + call_.recv_count * element);
    if (!sent.overlaps(received)) return true;
    Diagnostic& d = ctx_.diags.report(DiagCode::collective_in_place, recv.range, node_.name,
                                      graph_.buffer(recv.buffer).name, graph_.buffer(send.buffer).name, op.name);
    d.note<NoteCode::sends_from_here>(send.range, node_.name, graph_.buffer(send.buffer).name);
    return false;
  }

  bool same_type() {
    const ir::Buffer& send = graph_.buffer(collective_.args[ir::kCollectiveSend].buffer);
    const ir::Buffer& recv = graph_.buffer(collective_.args[ir::kCollectiveRecv].buffer);
    call_.type = send.type;
    if (send.type == recv.type) return true;
    ctx_.diags.report(DiagCode::collective_counts, collective_.args_range, node_.name,
                      fmt::format("sends {} elements of '{}' and receives {} elements into '{}'; NCCL moves one type",
                                  ir::type_name(send.type), send.name, ir::type_name(recv.type), recv.name));
    return false;
  }

  // The counts each operation needs of its two sides: equal, or one the communicator's size
  // times the other; a whole multiple when its size is not given (the runtime checks it then).
  bool counts(const ir::CollectiveOpInfo& op) {
    const std::string& send = graph_.buffer(collective_.args[ir::kCollectiveSend].buffer).name;
    const std::string& recv = graph_.buffer(collective_.args[ir::kCollectiveRecv].buffer).name;
    const std::uint64_t s = call_.send_count;
    const std::uint64_t r = call_.recv_count;
    const auto world = static_cast<std::uint64_t>(graph_.comm(call_.comm).world_size);
    // Whether `big` is the communicator's size times `small`, or a whole multiple of it.
    const auto fits = [world](std::uint64_t big, std::uint64_t small) {
      return world > 0 ? big == world * small : big % small == 0;
    };
    const std::string size =
        world > 0 ? fmt::format("the communicator's size ({})", world) : std::string("the communicator's size");
    std::string why;
    if (s == 0 || r == 0) {
      why = fmt::format("passes no elements to {} ('{}' from its offset on)", s == 0 ? "send" : "receive into",
                        s == 0 ? send : recv);
    } else if (op.counts == ir::CollectiveCounts::same && s != r) {
      why = fmt::format("sends {} elements of '{}' but receives {} into '{}'; {} receives as many as it sends", s, send,
                        r, recv, op.name);
    } else if (op.counts == ir::CollectiveCounts::recv_world_times && !fits(r, s)) {
      why = fmt::format("sends {} elements of '{}' but receives {} into '{}'; {} receives {} times what each rank "
                        "sends",
                        s, send, r, recv, op.name, size);
    } else if (op.counts == ir::CollectiveCounts::same_world_blocks && s != r) {
      why = fmt::format("sends {} elements of '{}' but receives {} into '{}'; {} receives as many as it sends, one "
                        "block from each rank",
                        s, send, r, recv, op.name);
    } else if (op.counts == ir::CollectiveCounts::same_world_blocks && world > 0 && s % world != 0) {
      why = fmt::format("sends {} elements of '{}', which do not split into equal blocks, one a rank: {} does not "
                        "divide them",
                        s, send, size);
    } else if (op.counts == ir::CollectiveCounts::send_world_times && !fits(s, r)) {
      why = fmt::format("sends {} elements of '{}' but receives {} into '{}'; {} sends {} times what each rank "
                        "receives",
                        s, send, r, recv, op.name, size);
    }
    if (why.empty()) return true;
    ctx_.diags.report(DiagCode::collective_counts, collective_.args_range, node_.name, why);
    return false;
  }

  // What an argument passes, in words: "buffer 'h' (pinned host memory)", "param 'n'".
  std::string passes(const KernelArg& arg) const {
    switch (arg.kind) {
      case KernelArg::Kind::buffer: {
        const ir::Buffer& b = graph_.buffer(arg.buffer);
        return fmt::format("buffer '{}' ({})", b.name, ir::space_description(b.space));
      }
      case KernelArg::Kind::param: return fmt::format("param '{}'", graph_.param(arg.param).name);
      case KernelArg::Kind::value: return fmt::format("{} of type {}", arg.value.text(), ir::type_name(arg.value.type));
      case KernelArg::Kind::comm: return fmt::format("communicator '{}'", graph_.comm(arg.comm).name);
      default: return "something else";
    }
  }

  GraphContext& ctx_;
  const ir::Graph& graph_;
  const ir::Node& node_;
  ir::CollectiveNode& collective_;
  ir::CollectiveCall& call_;
};

}  // namespace

void check_function_call(GraphContext& ctx, const ir::Node& node, ir::CollectiveNode& collective) {
  CollectiveChecker(ctx, node, collective).run();
}

// NCCL reads all of what it sends and writes all of what it receives (in place: one buffer,
// read and written).
void add_accesses(AccessList& out, const ir::Node& /*node*/, const ir::CollectiveNode& op) {
  const ir::CollectiveCall& call = op.collective;
  if (call.op == ir::CollectiveOp::none) return;
  const ir::Graph& graph = out.graph();
  const std::string_view name = ir::collective_op(call.op).nccl;
  const auto extent = [&](const KernelArg& arg, std::uint64_t count) {
    MemoryExtent e = out.pointer_extent(arg.buffer, arg.offset);
    e.columns[1] = std::min(e.columns[1], e.columns[0] + count * ir::type_size(call.type));
    return e;
  };
  const KernelArg& send = op.args[ir::kCollectiveSend];
  const KernelArg& recv = op.args[ir::kCollectiveRecv];
  out.add(extent(send, call.send_count), Access::read, send.range,
          fmt::format("{} sends '{}'", name, graph.buffer(send.buffer).name));
  out.add(extent(recv, call.recv_count), Access::write, recv.range,
          fmt::format("{} receives into '{}'", name, graph.buffer(recv.buffer).name));
}

}  // namespace graphc::sema

// graphc's collective operations: what a collective node may call (`collective ar :
// nccl.all_reduce<sum>(tp, x, y)`), each one NCCL call with the operands it takes. One
// table serves the validator (which checks every operand against it), the runtime (which
// calls NCCL on the capturing stream) and the C++ back end (which writes the same call).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "graphc/base/scalar_type.h"
#include "ir/ids.h"

namespace graphc::ir {

/// An NCCL collective, or `none` before the validator resolves it.
enum class CollectiveOp : std::uint8_t {
  none,
  all_reduce,      // ncclAllReduce: recv = reduce(send of every rank), count elements each
  all_gather,      // ncclAllGather: recv = send of rank 0, rank 1, ...; recv = world size x send
  reduce_scatter,  // ncclReduceScatter: recv = this rank's block of reduce(send); send = world size x recv
  broadcast,       // ncclBroadcast: recv = send of the root rank
  reduce,          // ncclReduce: the root's recv = reduce(send of every rank)
  send_recv,       // grouped ncclSend and ncclRecv: recv = send of the rank `shift` before this one
  all_to_all,      // grouped ncclSend and ncclRecv to every rank: block p of recv = block (this rank) of rank p's send
};

/// How an operation's send and receive counts relate, with W the communicator's size.
enum class CollectiveCounts : std::uint8_t {
  same,               // recv = send
  recv_world_times,   // recv = W x send
  send_world_times,   // send = W x recv
  same_world_blocks,  // recv = send, in W blocks of equal size (one a rank)
};

/// What a collective's fourth argument is, if it takes one: the root rank of a broadcast or
/// a reduce, or a send_recv's shift (each rank sends to the rank `shift` after it and receives
/// from the rank `shift` before it, modulo the communicator's size).
enum class CollectiveRankArg : std::uint8_t { none, root, shift };

/// NCCL's reduction operations, in ncclRedOp_t's order (ncclSum, ncclProd, ncclMax,
/// ncclMin, ncclAvg).
enum class ReduceOp : std::uint8_t { sum, prod, max, min, avg };

struct CollectiveOpInfo {
  CollectiveOp op;
  std::string_view name;       // `nccl.all_reduce`
  std::string_view nccl;       // the NCCL function it calls: `ncclAllReduce`
  bool reduces;                // takes a reduction as its template argument: `<sum>`
  CollectiveRankArg rank_arg;  // what its fourth argument is; none: it takes three
  CollectiveCounts counts;
  bool in_place;  // may send from and receive into the same memory
};

/// Every collective operation, in the order the docs list them.
std::span<const CollectiveOpInfo> collective_ops();

/// The operation called `name` (without template arguments), or nullptr.
const CollectiveOpInfo* find_collective_op(std::string_view name);
const CollectiveOpInfo& collective_op(CollectiveOp op);

/// The reductions by their names in the language (`sum`, `prod`, `max`, `min`, `avg`).
std::span<const std::string_view> reduce_op_names();
std::optional<ReduceOp> find_reduce_op(std::string_view name);

/// Whether NCCL reduces and moves elements of `type` (ncclDataType_t has i8, u8, i32, u32,
/// i64, u64, f16, bf16, f32 and f64; no 16-bit integers and no vector types).
bool is_nccl_type(ScalarType type);

/// A collective as the validator resolved it: the operation, its reduction, its
/// communicator, the element type of both buffers, and the elements each side passes
/// (`send_count` from the send argument's offset to the end of its buffer or view, likewise
/// `recv_count`); the root rank of a broadcast or a reduce; a send_recv's shift.
struct CollectiveCall {
  CollectiveOp op = CollectiveOp::none;
  ReduceOp reduce = ReduceOp::sum;
  CommId comm;
  ScalarType type = ScalarType::f32;
  std::uint64_t send_count = 0;
  std::uint64_t recv_count = 0;
  std::int64_t root = 0;
  std::int64_t shift = 0;

  /// The `count` NCCL takes: the send count, but a reduce-scatter's receive count (an
  /// all-to-all's whole send count, which the runtime splits into one block a rank).
  std::uint64_t nccl_count() const { return op == CollectiveOp::reduce_scatter ? recv_count : send_count; }
};

/// The positions of a collective's arguments: the communicator, the send and receive
/// buffers, and a broadcast's or reduce's root (a send_recv's shift).
inline constexpr std::uint32_t kCollectiveComm = 0, kCollectiveSend = 1, kCollectiveRecv = 2, kCollectiveRankArg = 3;

}  // namespace graphc::ir

#include "ir/collective_ops.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace graphc::ir {
namespace {

using C = CollectiveCounts;
using R = CollectiveRankArg;

// NCCL's p2p calls read and write their buffers while the peers' calls run: never in place.
constexpr std::array<CollectiveOpInfo, 7> kCollectiveOps = {{
    {CollectiveOp::all_reduce, "nccl.all_reduce", "ncclAllReduce", true, R::none, C::same, true},
    {CollectiveOp::all_gather, "nccl.all_gather", "ncclAllGather", false, R::none, C::recv_world_times, true},
    {CollectiveOp::reduce_scatter, "nccl.reduce_scatter", "ncclReduceScatter", true, R::none, C::send_world_times,
     true},
    {CollectiveOp::broadcast, "nccl.broadcast", "ncclBroadcast", false, R::root, C::same, true},
    {CollectiveOp::reduce, "nccl.reduce", "ncclReduce", true, R::root, C::same, true},
    {CollectiveOp::send_recv, "nccl.send_recv", "grouped ncclSend/ncclRecv", false, R::shift, C::same, false},
    {CollectiveOp::all_to_all, "nccl.all_to_all", "grouped ncclSend/ncclRecv", false, R::none, C::same_world_blocks,
     false},
}};

constexpr std::array<std::string_view, 5> kReduceOps = {"sum", "prod", "max", "min", "avg"};

}  // namespace

std::span<const CollectiveOpInfo> collective_ops() { return kCollectiveOps; }

const CollectiveOpInfo* find_collective_op(std::string_view name) {
  const auto it = std::find_if(kCollectiveOps.begin(), kCollectiveOps.end(),
                               [&](const CollectiveOpInfo& op) { return op.name == name; });
  return it == kCollectiveOps.end() ? nullptr : &*it;
}

const CollectiveOpInfo& collective_op(CollectiveOp op) {
  const auto it = std::find_if(kCollectiveOps.begin(), kCollectiveOps.end(),
                               [&](const CollectiveOpInfo& info) { return info.op == op; });
  if (it == kCollectiveOps.end()) throw std::logic_error("collective_op: an unresolved collective");
  return *it;
}

std::span<const std::string_view> reduce_op_names() { return kReduceOps; }

std::optional<ReduceOp> find_reduce_op(std::string_view name) {
  const auto it = std::find(kReduceOps.begin(), kReduceOps.end(), name);
  if (it == kReduceOps.end()) return std::nullopt;
  return static_cast<ReduceOp>(it - kReduceOps.begin());
}

bool is_nccl_type(ScalarType type) {
  switch (type) {
    case ScalarType::i8:
    case ScalarType::u8:
    case ScalarType::i32:
    case ScalarType::u32:
    case ScalarType::i64:
    case ScalarType::u64:
    case ScalarType::f16:
    case ScalarType::bf16:
    case ScalarType::f32:
    case ScalarType::f64: return true;
    default: return false;
  }
}

}  // namespace graphc::ir

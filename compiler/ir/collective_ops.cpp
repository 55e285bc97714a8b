#include "ir/collective_ops.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace graphc::ir {
namespace {

using C = CollectiveCounts;

constexpr std::array<CollectiveOpInfo, 5> kOps = {{
    {CollectiveOp::all_reduce, "nccl.all_reduce", "ncclAllReduce", true, false, C::same},
    {CollectiveOp::all_gather, "nccl.all_gather", "ncclAllGather", false, false, C::recv_world_times},
    {CollectiveOp::reduce_scatter, "nccl.reduce_scatter", "ncclReduceScatter", true, false, C::send_world_times},
    {CollectiveOp::broadcast, "nccl.broadcast", "ncclBroadcast", false, true, C::same},
    {CollectiveOp::reduce, "nccl.reduce", "ncclReduce", true, true, C::same},
}};

constexpr std::array<std::string_view, 5> kReduceOps = {"sum", "prod", "max", "min", "avg"};

}  // namespace

std::span<const CollectiveOpInfo> collective_ops() { return kOps; }

const CollectiveOpInfo* find_collective_op(std::string_view name) {
  const auto it = std::find_if(kOps.begin(), kOps.end(), [&](const CollectiveOpInfo& op) { return op.name == name; });
  return it == kOps.end() ? nullptr : &*it;
}

const CollectiveOpInfo& collective_op(CollectiveOp op) {
  const auto it = std::find_if(kOps.begin(), kOps.end(), [&](const CollectiveOpInfo& info) { return info.op == op; });
  if (it == kOps.end()) throw std::logic_error("collective_op: an unresolved collective");
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

// Launch configuration: grid and block dimensions within CUDA's limits (the grid a multiple
// of the cluster, when the node has one), dynamic shared memory an unsigned 32-bit byte
// count. Params may appear (node_config.h): the checks run again on every new value. (The
// device's own shared memory limit is checked at build time, by the runtime.)
#include <array>
#include <cstdint>
#include <string_view>

#include "ir/launch_limits.h"
#include "sema/node_config.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::Scalar;

using ir::kAxes;
using ir::kBlockLimits;
using ir::kGridLimits;
using ir::kMaxThreadsPerBlock;

struct Dims {
  std::string_view what;                   // "grid" or "block"
  std::array<std::string_view, 3> values;  // what each axis is, for a value that does not fold
  DiagCode over_limit;
  const std::array<std::int64_t, 3>& limits;
};

const Dims kGrid{
    "grid", {"grid dimension x", "grid dimension y", "grid dimension z"}, DiagCode::grid_dim_limit, kGridLimits};
const Dims kBlock{
    "block", {"block dimension x", "block dimension y", "block dimension z"}, DiagCode::block_dim_limit, kBlockLimits};

// Folds 1 to 3 dimension expressions into `out` (missing ones stay 1). Returns whether all
// of them are valid.
bool fold_dims(const ConfigContext& ctx, const NonConstantHandler& params, const std::vector<ir::Expr>& exprs,
               const Dims& dims, std::array<std::uint32_t, 3>& out) {
  bool ok = true;
  for (std::size_t i = 0; i < exprs.size() && i < kAxes.size(); ++i) {
    const std::optional<Scalar> value = ctx.folder.fold_integer(exprs[i], dims.values[i], params);
    if (!value) {
      ok = false;
      continue;
    }
    const bool negative = ir::is_signed(value->type) && value->integer < 0;
    if (value->integer == 0 || negative) {
      ctx.diags.report(DiagCode::zero_dim, exprs[i].range, dims.what, kAxes[i], value->text());
      ok = false;
    } else if (!value->fits(ir::ScalarType::i64) || value->integer > dims.limits[i]) {
      ctx.diags.report(dims.over_limit, exprs[i].range, kAxes[i], value->text(), dims.limits[i]);
      ok = false;
    } else {
      out[i] = static_cast<std::uint32_t>(value->integer);
    }
  }
  return ok;
}

}  // namespace

bool fold_launch_config(const ConfigContext& ctx, ir::KernelNode& kernel, std::vector<ir::ParamId>& used) {
  const NonConstantHandler params = ctx.folder.params_allowed(used);
  bool ok = fold_dims(ctx, params, kernel.grid, kGrid, kernel.grid_dims);
  const bool block_ok = fold_dims(ctx, params, kernel.block, kBlock, kernel.block_dims);
  ok = ok && block_ok;
  if (ok && kernel.launch.cluster[0] != 0) {
    for (std::size_t i = 0; i < kAxes.size(); ++i) {
      if (kernel.grid_dims[i] % kernel.launch.cluster[i] == 0) continue;
      const ir::Expr& at = i < kernel.grid.size() ? kernel.grid[i] : kernel.grid.back();
      ctx.diags.report(DiagCode::grid_not_cluster_multiple, at.range, kAxes[i], kernel.grid_dims[i],
                       kernel.launch.cluster[i]);
      ok = false;
    }
  }
  if (block_ok && !kernel.block.empty()) {
    const std::int64_t threads = std::int64_t{kernel.block_dims[0]} * kernel.block_dims[1] * kernel.block_dims[2];
    if (threads > kMaxThreadsPerBlock) {
      const SourceRange range{kernel.block.front().range.file, kernel.block.front().range.begin,
                              kernel.block.back().range.end};
      ctx.diags.report(DiagCode::block_too_large, range, threads);
      ok = false;
    }
  }
  if (!kernel.shared_memory) return ok;
  const std::optional<Scalar> bytes =
      ctx.folder.fold_integer(*kernel.shared_memory, "dynamic shared memory size", params);
  if (!bytes) return false;
  if (!bytes->fits(ir::ScalarType::u32)) {
    ctx.diags.report(DiagCode::value_out_of_range, kernel.shared_memory->range, bytes->text(), "u32");
    return false;
  }
  kernel.shared_memory_bytes = static_cast<std::uint32_t>(bytes->convert(ir::ScalarType::u32).integer);
  return ok;
}

void check_launch_config(GraphContext& ctx) {
  for (ir::Node& node : ctx.graph.nodes) {
    if (std::holds_alternative<ir::KernelNode>(node.op)) fold_node_config(ctx.config(), node);
  }
}

}  // namespace graphc::sema

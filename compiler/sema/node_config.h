// The parts of a node that a param may set between launches: a kernel node's grid, block
// and dynamic shared memory, a copy's slices and byte count, a memset's slice and value.
//
// analyze folds them with the params' defaults; the runtime's Instance::set folds them
// again, on a copy of the node, with the values it is given (ConfigRefolder). Both run the
// same code, so a new value meets the same CUDA limits, bounds and diagnostics as the
// default did at compile time.
#pragma once

#include <span>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "sema/fold.h"
#include "sema/scope.h"

namespace graphc::sema {

/// What folding a node's configuration reads: its graph, a folder holding the params'
/// values, and where to report.
struct ConfigContext {
  const ir::Graph& graph;
  Folder& folder;
  DiagEngine& diags;
  const std::vector<bool>& buffer_ok;  // per BufferId: whether its count folded to a valid size
};

/// Folds a kernel, copy or memset node's configuration into its resolved fields
/// (KernelNode::grid_dims, block_dims, shared_memory_bytes; BufferSlice::offset_value,
/// length_value; CopyNode::bytes_value; MemsetNode::value_bits) and the params it uses into
/// Node::config_params. Buffer names must be resolved already (BufferSlice::id) and a
/// memset's element_size set. Returns whether it folded without an error; other nodes
/// fold trivially.
bool fold_node_config(const ConfigContext& ctx, ir::Node& node);

/// check_launch_config.cpp: a kernel node's grid, block and shared memory.
bool fold_launch_config(const ConfigContext& ctx, ir::KernelNode& kernel, std::vector<ir::ParamId>& used);
/// check_memory_ops.cpp: a copy's slices and byte count, a memset's slice and value.
bool fold_copy(const ConfigContext& ctx, const ir::Node& node, ir::CopyNode& copy, std::vector<ir::ParamId>& used);
bool fold_memset(const ConfigContext& ctx, ir::MemsetNode& memset, std::vector<ir::ParamId>& used);

/// fold_node_config for a graph that analyzed without errors, with params set one by one:
/// what the runtime keeps per instantiated graph to re-resolve the nodes a param sets.
class ConfigRefolder {
 public:
  explicit ConfigRefolder(const ir::Graph& graph);

  /// `value` must have the param's type; it applies to the next fold().
  void set_param_value(ir::ParamId id, const ir::Scalar& value);
  const ir::Scalar& param_value(ir::ParamId id) const { return params_.at(id.value); }
  /// Folds `nodes` (copies of the graph's nodes, folded in place) with the current values;
  /// reports into `diags` (the same codes analyze reports) and returns false when a value
  /// breaks a limit or a bound for any of them. Folding is deterministic: folding again
  /// with the values of an earlier fold gives its results back.
  bool fold(std::span<ir::Node* const> nodes, DiagEngine& diags) const;

 private:
  const ir::Graph* graph_;
  Scope scope_;
  std::vector<ir::Scalar> params_;  // per ParamId: the current value
  std::vector<bool> buffer_ok_;     // all true: the graph analyzed without errors
};

}  // namespace graphc::sema

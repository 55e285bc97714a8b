// Instance::set for params that configure nodes (a kernel node's grid, block or shared
// memory; a copy's slices or size; a memset's slice or value): the nodes are folded again
// with the new value (sema::ConfigRefolder, the validator's own code) and kept as the
// exec has them, so every later update of those nodes starts from their current
// configuration.
#pragma once

#include <cstddef>
#include <vector>

#include "build_graph.h"
#include "instance_state.h"

namespace graphc::detail {

/// The nodes of the instantiated graph (indices into its nodes) whose configuration uses
/// param `id`, folded again with `value` and kept in InstanceState::configured; a kernel
/// that now asks for more than 48 KiB of shared memory has its
/// cudaFuncAttributeMaxDynamicSharedMemorySize raised first. A value that breaks a limit
/// or a bound for any of them is R0032 at the param, with the validator's diagnostics as
/// notes, and shared memory over the device's limit is R0009; nothing changes then.
std::vector<std::size_t> refold_config(InstanceState& state, ir::ParamId id, const ir::Scalar& value);

/// Node `index` of `built` as the exec has it: its folded configuration if a param changed
/// it, else the IR's node.
const ir::Node& current_node(const InstanceState& state, const BuiltGraph& built, std::size_t index);

}  // namespace graphc::detail

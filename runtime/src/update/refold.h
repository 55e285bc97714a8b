// A param's new value reaching the nodes it configures (Instance::set): the nodes of the
// built graph and of the graphs its calls embed, folded again by the validator's own code
// (sema::ConfigRefolder, which build/configure_nodes.h set up when the graph was built)
// and kept in BuiltGraph::configured, or refused with the validator's diagnostics.
#pragma once

#include <cstddef>
#include <vector>

#include "build/build_graph.h"
#include "build/configure_nodes.h"
#include "instance/instance_state.h"

namespace graphc::detail {

/// A node the new value reconfigured: `built`'s node `index`.
struct Reconfigured {
  BuiltGraph* built;
  std::size_t index;
};

/// The nodes whose configuration param `id` of the instantiated graph reaches (its own,
/// and through the calls that pass it on, those of called graphs), folded again with
/// `value` and kept in their BuiltGraph::configured; a kernel that now asks for more than
/// 48 KiB of shared memory has its cudaFuncAttributeMaxDynamicSharedMemorySize raised
/// first. A value that breaks a limit or a bound for any of them is R0032 at the param,
/// with the validator's diagnostics as notes (and a note at each call that passes it on),
/// and shared memory over the device's limit is R0009; nothing changes then.
std::vector<Reconfigured> refold_config(InstanceState& state, ir::ParamId id, const ir::Scalar& value);

/// Node `index` of `built` as the exec has it: its folded configuration if a param changed
/// it, else the IR's node.
const ir::Node& current_node(const InstanceState& state, const BuiltGraph& built, std::size_t index);

}  // namespace graphc::detail

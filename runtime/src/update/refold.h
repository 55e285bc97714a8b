// Nodes whose configuration params set (a kernel node's grid, block or shared memory; a
// copy's slices or size; a memset's slice or value): the validator's own code
// (sema::ConfigRefolder) folds them with the values they have now, and the built graph
// keeps them as the exec has them (BuiltGraph::configured), so every later update of
// those nodes starts from their current configuration. The params are the instantiated
// graph's own, and the scalar parameters of called graphs, whose values their calls give
// (a constant, or a param of the caller passed on).
#pragma once

#include <cstddef>
#include <vector>

#include "build/build_graph.h"
#include "program/instance_state.h"

namespace graphc::detail {

/// The nodes of `built`'s graph that params configure (its own params, or its scalar
/// parameters when a call built it), folded with `params` (per ParamId: their current
/// values, or those the call gives) into built.refolder and built.configured, before the
/// graph is built from them; a kernel that then asks for more than 48 KiB of shared memory
/// has its cudaFuncAttributeMaxDynamicSharedMemorySize raised (R0009 over the device's
/// limit). The validator checked the values, or Instance::set did; a value that breaks a
/// rule anyway is raised with the validator's diagnostics.
void configure_nodes(const ProgramState& program, const std::vector<ResolvedFunctions>& functions,
                     const std::vector<Slot>& params, BuiltGraph& built);

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

/// R0054 when a node of graph `id` is configured by one of the graph's parameters: only a
/// call gives a parameter its value, so the graph cannot be instantiated on its own.
void require_no_parameter_config(const ProgramState& program, ir::GraphId id);

}  // namespace graphc::detail

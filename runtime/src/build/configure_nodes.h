// Nodes whose configuration params set (a kernel node's grid, block or shared memory; a
// copy's slices or size; a memset's slice or value), folded as a graph is built: the
// validator's own code (sema::ConfigRefolder) folds them with the values their params have
// when the graph is built, and the built graph keeps them as the exec has them
// (BuiltGraph::configured), so every later update of those nodes starts from their current
// configuration (update/refold.h folds them again when a param changes). The params are
// the instantiated graph's own, and the scalar parameters of called graphs, whose values
// their calls give (a constant, or a param of the caller passed on).
#pragma once

#include <cstddef>
#include <vector>

#include "build/build_graph.h"
#include "state/program_state.h"

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

/// Node `index` of `built` (a build of `graph`) as configured now: its folded copy if a
/// param configures it, else the graph's node.
const ir::Node& configured_node(const ir::Graph& graph, const BuiltGraph& built, std::size_t index);

/// `built`'s configured copies of `nodes` (made from the graph's nodes the first time a
/// param reaches them), to fold in place.
std::vector<ir::Node*> configured_copies(const ir::Graph& graph, BuiltGraph& built,
                                         const std::vector<std::size_t>& nodes);

/// A kernel among `nodes` of `built` that asks for more than 48 KiB of shared memory gets
/// the attribute raised to what the graph's nodes ask now (R0009 over the device's limit).
void configure_nodes_shared_memory(const ProgramState& program, const std::vector<ResolvedFunctions>& functions,
                                   const BuiltGraph& built, const std::vector<std::size_t>& nodes);

/// R0054 when a node of graph `id` is configured by one of the graph's parameters: only a
/// call gives a parameter its value, so the graph cannot be instantiated on its own.
void require_no_parameter_config(const ProgramState& program, ir::GraphId id);

}  // namespace graphc::detail

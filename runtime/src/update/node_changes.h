// Instance::reload's value path: when the reloaded graph has the instance's topology and
// only values changed, the exec takes the new values node by node (the calls Instance::set
// makes), with no graph built, and only the nodes whose parameters differ are set.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "build/build_graph.h"
#include "instance/instance_state.h"

namespace graphc::detail {

/// Why graph `id` of `module` cannot take the value path whatever changed (a capture node,
/// captured again only by a graph build); empty when it can. The graph has no conditional,
/// memory or device-launch nodes (reload's update blocker checked them).
std::string node_setting_blocker(const ir::Module& module, ir::GraphId id);

/// A node of `fresh` whose parameters differ from those of the same node of `old`.
struct NodeChange {
  BuiltGraph* fresh;
  BuiltGraph* old;
  std::size_t index;
};

/// What the value path does: the nodes to set, or why it cannot (a kernel node's launch
/// attributes changed, which only a graph's node takes).
struct NodeChanges {
  std::vector<NodeChange> nodes;
  std::string blocker;
};

/// The nodes of `fresh` (prepared against `old`'s built graph: build_graph with `live`)
/// whose parameters differ from those `old`'s exec has, the nodes of the graphs their calls
/// embed included: a kernel node's function, launch shape, shared memory or argument bytes;
/// a host node's function or argument block; a copy's or memset's parameters; an event
/// node's event. No CUDA call.
NodeChanges node_changes(InstanceState& fresh, InstanceState& old);

/// Gives `fresh` `old`'s exec with the `changes` set (update_node each); when CUDA refuses
/// one, the nodes set before get `old`'s parameters again, the exec goes back to `old`, and
/// the refusal is returned (R0001's message); empty on success.
std::string set_node_changes(InstanceState& fresh, InstanceState& old, const std::vector<NodeChange>& changes);

}  // namespace graphc::detail

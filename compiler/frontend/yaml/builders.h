// The YAML front end's builders: a graph map -> ir::Graph (declarations, nodes, bodies,
// edges), each YAML construct mapped onto the IR exactly as its text form is, so both front
// ends give the same IR for the same graph (docs/yaml.md has the form).
#pragma once

#include <array>
#include <optional>
#include <string>

#include <yaml-cpp/yaml.h>

#include "frontend/text/loop_stack.h"
#include "frontend/yaml/yaml_reader.h"
#include "graphc/base/node_kinds.h"
#include "ir/graph.h"

namespace graphc::frontend::yaml {

/// `NAME: {...}` under `graphs:`: the graph named by `key`, or nullopt after diagnostics
/// that leave nothing to build. `loops` expands its `loops` lists; `reader` reads
/// expressions with the values of its variables, and each iteration's ranges in its file.
std::optional<ir::Graph> build_graph(YamlReader& reader, text::LoopStack& loops, const YAML::Node& key,
                                     const YAML::Node& value);

/// The declarations of graph map `map` into `graph`, in the text front end's order: its
/// parameters (the first of its buffers and params), attributes, consts, params, buffers,
/// views and events.
void build_declarations(const YamlReader& reader, const YAML::Node& map, ir::Graph& graph);

/// A cond declared in `body` (`key: value`), or nullopt after diagnostics.
std::optional<ir::Cond> build_cond(const YamlReader& reader, const YAML::Node& key, const YAML::Node& value,
                                   ir::BodyId body);

/// The memory of alloc node `name` (its map, `{alloc: {type: f32, count: N}}`): a device
/// buffer of that name (the caller links it to its alloc node), or nullopt after diagnostics.
std::optional<ir::Buffer> build_alloc_memory(const YamlReader& reader, const YAML::Node& map, const std::string& name,
                                             SourceRange name_range);

/// The op of a node that is not a conditional node (kernel, copy, memset, host, empty,
/// record, wait, alloc, free, call), from its map; `kind` is its kind key. Nullopt after
/// diagnostics.
std::optional<ir::Node> build_simple_node(const YamlReader& reader, const YAML::Node& map, std::string_view kind,
                                          const std::string& name, std::string_view what);

/// The node kinds' keys (of which a node map has exactly one): graphc/base/node_kinds.def's.
inline constexpr auto kNodeKeys = node_keywords();

}  // namespace graphc::frontend::yaml

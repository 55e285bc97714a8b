// Nodes that params configure (Node::config_params): their launch configuration, slices,
// copy size or memset value come from the Bindings' params at run time. For each such
// node the generated .cu defines `<node>_config(const Bindings&)`, which computes them
// with graphc::config's checked arithmetic (graphc/generated_config.h) and the
// validator's limits and bounds; build() and the update functions call it.
#pragma once

#include <cstddef>
#include <string>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "ir/graph.h"

namespace graphc::backend {

/// Whether a param configures node `node`.
inline bool configured(const ir::Node& node) { return !node.config_params.empty(); }

/// `<member>_config(b)`: node `index`'s configuration for the Bindings `b`.
std::string config_call(const GraphContext& context, std::size_t index);

/// `expr` as C++ that computes it from the Bindings `b` at run time, checked through the
/// local `site` (a graphc::config::Site): `graphc::config::ceil_div(site, b.n, 256)`.
std::string config_expression(const GraphContext& context, const ir::Expr& expr);

/// Source: the config function of every configured node of the graph, in an unnamed
/// namespace (nothing when there is none).
void emit_node_configs(CodeWriter& out, const GraphContext& context);

/// Whether graph `id`'s scalar parameters configure a node of it, or of a graph that one of
/// its calls passes a parameter on to. Its namespace then has `check_config(b)`, which
/// computes those configurations from the Bindings (R0032 for a value that breaks a rule)
/// and changes nothing: a caller's set_NAME() runs it before it changes anything.
bool checks_config(const ir::Module& module, ir::GraphId id);

/// Source: check_config() of the graph, when it checks_config (nothing otherwise).
void emit_check_config(CodeWriter& out, const GraphContext& context);

/// A block that runs check_config() of the graph that call node `index` calls, with the
/// Bindings the call builds it with; nothing when that graph has none.
void write_call_config_check(CodeWriter& out, const GraphContext& context, std::size_t index);

}  // namespace graphc::backend

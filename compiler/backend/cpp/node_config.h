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

}  // namespace graphc::backend

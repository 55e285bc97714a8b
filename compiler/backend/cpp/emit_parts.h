// The parts of the generated code for one graph, each written by its own file. Every part
// writes inside the graph's namespace.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "backend/cpp/loop_runs.h"

namespace graphc::backend {

/// Whether Storage holds anything: an event, or a buffer that is not an alloc's memory (the
/// graph allocates that itself, with its mem alloc node).
bool has_storage(const ir::Graph& graph);

/// Header: the buffer counts, Bindings, Nodes, Storage and the declarations of build() and
/// update_params(). `module_dir` is Bindings::module_dir's default (library modules only).
void emit_declarations(CodeWriter& out, const GraphContext& context, const std::string& module_dir);

/// Source: Storage's constructor (allocations and initial contents) and bindings().
void emit_storage(CodeWriter& out, const GraphContext& context);

/// Whether node `node` has a `<node>_params()` function: kernel, copy and memset nodes.
bool has_params_function(const ir::Node& node);
/// `<member>_params`, the function of node `index`.
std::string params_function(const GraphContext& context, std::size_t index);
/// `<member>_params(b, nodes)`: node `index`'s graphc::NodeParams from the Bindings `b`;
/// `<statement>_params(b, nodes, "name")` for a node of a loop's run.
std::string params_call(const GraphContext& context, std::size_t index);
/// `<statement>_params(b, nodes, <first>_loop[i + statement].name)`: the call for statement
/// `statement` of `run` in write_loop()'s loop.
std::string loop_params_call(const GraphContext& context, const LoopRun& run, std::size_t statement);
/// The body of node `index`'s params function, written at line 1, with the string literal
/// of its name made `name` (loop_runs() compares nodes by it).
std::string unnamed_params_body(const GraphContext& context, std::size_t index);

/// Source, in an unnamed namespace the caller opens: `<node>_params(b, nodes)` of every
/// kernel, copy and memset node, each node's parameters written once for build() and the
/// updates (one per statement of a loop's run).
void emit_node_params(CodeWriter& out, const GraphContext& context);

/// Source: build(), one line or block per node, dependencies first.
void emit_build(CodeWriter& out, const GraphContext& context);

/// Source: update_params(), one block per kernel node that passes a param; then set_NAME()
/// per param, one block per node that passes it; rebind_NAME() per rebindable buffer, one
/// block per node that uses it; update_buffers() for a graph with buffer parameters.
void emit_update(CodeWriter& out, const GraphContext& context);

/// Whether rebind_NAME() exists for buffer `id`: a buffer the graph owns (not an alloc's
/// memory, not a buffer parameter a caller passes).
bool rebindable(const ir::Graph& graph, ir::BufferId id);

/// The nodes CUDA can enable and disable in an exec: the graph's own kernel, copy and memset
/// nodes (not those of body graphs, nor the optimiser's synthetic ones), in IR order. The
/// header's enum class Switchable lists them in this order.
std::vector<std::size_t> switchable_nodes(const ir::Graph& graph);

/// Source: set_enabled() and enabled() (nothing when the graph has no switchable node).
void emit_enable(CodeWriter& out, const GraphContext& context);

/// Header: class Graph, the owner of the storage, graph and exec, with launch() and the
/// updates as members (emit_owner.cpp).
void emit_owner_declaration(CodeWriter& out, const GraphContext& context);
/// Source: class Graph's members.
void emit_owner_definition(CodeWriter& out, const GraphContext& context);
/// Whether `graph` owns all its memory (no buffer parameters, which a caller's Bindings fill):
/// its Graph then has a constructor that makes its Storage.
bool owns_storage(const ir::Graph& graph);

}  // namespace graphc::backend

// The Bindings a call node fills for the graph it embeds, written once per call as a
// function that build(), the updates and the configuration checks call: the buffer
// arguments' pointers, the scalar arguments' values (or the caller's params), and the host
// functions and library folder the called graph needs.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "ir/graph.h"

namespace graphc::backend {

/// Source: `<node>_bindings(b, nodes)` per call node (one per run of calls alike but for
/// offsets, taking the call's position `i`), in an unnamed namespace the caller opens: the Bindings
/// the call fills for the graph it embeds, written once for build(), the updates and the
/// configuration checks. Its assignments are taken from the caller's `b` and `nodes` (an
/// alloc's address) or a value; a callee with capture nodes gets the caller's capture
/// resources and functions, and the place of the call node as the place its capture nodes
/// capture for.
void emit_call_bindings(CodeWriter& out, const GraphContext& context);

/// `<node>_bindings(b, nodes)`: the call of call node `index`'s bindings function, passing
/// only what it reads.
std::string call_bindings(const GraphContext& context, std::size_t index);
/// The same for a call of a run at `position` (C++ text: `i` in a loop over the run).
std::string call_bindings(const GraphContext& context, std::size_t index, std::string_view position);

/// The body of call node `index`'s own bindings function, written at line 1 (loop_runs()
/// compares calls by it).
std::string bindings_body(const GraphContext& context, std::size_t index);

/// Whether `graph` has a call node (and so bindings functions).
bool has_calls(const ir::Graph& graph);

/// Whether a call's bindings function reads the caller's Bindings `b`.
bool call_reads_bindings(const GraphContext& context, const ir::ChildGraphNode& call);

/// Whether any argument passes a param of the caller: update_params() passes its current
/// value on to the called graph's kernels.
bool passes_param(const ir::ChildGraphNode& call);

/// `layer(a, b + 4, scale, 0.5f)` for comments.
std::string call_summary(const GraphContext& context, const ir::ChildGraphNode& call);

}  // namespace graphc::backend

// The Bindings a call node fills for the graph it embeds, written by both build() and
// update_params(): the buffer arguments' pointers, the scalar arguments' values (or the
// caller's params), and the host functions and library folder the called graph needs.
#pragma once

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "ir/graph.h"

namespace graphc::backend {

/// Writes `graphc::gen::<graph>::Bindings args;` and one assignment per member of it,
/// taken from the caller's `b` and `nodes` (an alloc's address) or a value.
/// A callee with capture nodes gets the caller's capture resources and functions, and the
/// place of `node` (the call node) as the place its capture nodes capture for.
void write_call_bindings(CodeWriter& out, const GraphContext& context, const ir::Node& node,
                         const ir::ChildGraphNode& call);

/// Whether write_call_bindings() reads the caller's Bindings `b`.
bool call_reads_bindings(const GraphContext& context, const ir::ChildGraphNode& call);

/// Whether any argument passes a param of the caller: update_params() passes its current
/// value on to the called graph's kernels.
bool passes_param(const ir::ChildGraphNode& call);

/// `layer(a, b + 4, scale, 0.5f)` for comments.
std::string call_summary(const GraphContext& context, const ir::ChildGraphNode& call);

}  // namespace graphc::backend

// The parts of the generated code for one graph, each written by its own file. Every part
// writes inside the graph's namespace.
#pragma once

#include <string>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"

namespace graphc::backend {

/// Whether Storage holds anything: an event, or a buffer that is not an alloc's memory (the
/// graph allocates that itself, with its mem alloc node).
bool has_storage(const ir::Graph& graph);

/// Header: the buffer counts, Bindings, Nodes, Storage and the declarations of build() and
/// update_params(). `module_dir` is Bindings::module_dir's default (library modules only).
void emit_declarations(CodeWriter& out, const GraphContext& context, const std::string& module_dir);

/// Source: Storage's constructor (allocations and initial contents) and bindings().
void emit_storage(CodeWriter& out, const GraphContext& context);

/// Source: build(), one block per node, dependencies first.
void emit_build(CodeWriter& out, const GraphContext& context);

/// Source: update_params(), one block per kernel node that passes a param.
void emit_update(CodeWriter& out, const GraphContext& context);

}  // namespace graphc::backend

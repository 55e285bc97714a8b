// The cudaGraphNodeParams of copies and memsets, which build() adds and the update
// functions set again in the exec (cudaGraphExecNodeSetParams) when a param configures
// them.
#pragma once

#include <cstddef>
#include <string>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "ir/graph.h"

namespace graphc::backend {

/// `copy dst <- src[0:16] (64 bytes, device to device)` for comments; for a copy a param
/// configures, its slices and size as written.
std::string copy_summary(const GraphContext& context, const ir::Node& node);
/// `memset flags = 0x00000001u (4-byte elements)`, or as written for a configured memset.
std::string memset_summary(const GraphContext& context, const ir::Node& node);

/// Writes `graphc::NodeParams p(...)` filled for copy node `index` (a cudaMemcpy3DParms);
/// for a node a param configures, from `const graphc::config::Copy config = <node>_config(b);`.
void write_copy_params(CodeWriter& out, const GraphContext& context, std::size_t index);
/// The same for memset node `index` (one row of elementSize-byte elements).
void write_memset_params(CodeWriter& out, const GraphContext& context, std::size_t index);

}  // namespace graphc::backend

// Capture nodes in generated code: one function per node that captures its graph (a
// cuBLAS operation of graphc/cublas_ops.h, or the function in Bindings), written once and
// called by build(), update_params() and the set_NAME() of each param the node passes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "backend/cpp/function_call_nodes.h"
#include "ir/graph.h"

namespace graphc::backend {

/// Whether `node` is captured into a child graph node (its row's update path is recapture:
/// a capture node, a collective node). What this file writes serves both.
bool is_captured(const ir::Node& node);

/// Whether any graph of the module has a captured node (the header then includes
/// graphc/capture_resources.h).
bool module_has_captures(const ir::Module& module);
/// Whether any graph of the module calls CUB (the source then includes graphc/cub_calls.cuh).
bool module_calls_cub(const ir::Module& module);
/// Whether any graph of the module declares a communicator, for its collective nodes or its
/// kernels' `rank(NAME)` (the code then includes graphc/nccl_ops.h).
bool module_has_comms(const ir::Module& module);

/// The `NAME_capture(b...)` function of every capture node of the graph, in an unnamed
/// namespace; nothing when it has none.
void emit_capture_functions(CodeWriter& out, const GraphContext& context);

/// `graphc::CapturePlace::...` for what node `node` of the graph may capture: a body's
/// rules inside a conditional body, a device graph's in one, else those of the place the
/// graph is built for (`b.capture_place`, which a caller sets).
std::string capture_place(const GraphContext& context, const ir::Node& node);

/// build()'s lines for capture node `index` before its cudaGraphAddNode: its workspace,
/// its graph (in `child`) and its shape, and the child graph node's params in `p`.
void write_capture_build(CodeWriter& out, const GraphContext& context, std::size_t index);

/// Whether capture node `capture` passes param `param` (with none: any param).
bool capture_passes(const ir::FunctionCall& capture, std::optional<ir::ParamId> param);

/// The local that holds node `index`'s graph captured again (`NAME_recaptured`).
std::string recaptured_local(const GraphContext& context, std::size_t index);

/// Captures node `index` again into its recaptured_local() and checks that its shape is the
/// one in the exec with `check` (graphc::require_same_shape: R0044 names `changed`, a param,
/// or "a param" for update_params(); graphc::require_same_shape_rebound: R0047 names a buffer).
void write_recapture(CodeWriter& out, const GraphContext& context, std::size_t index, std::string_view check,
                     std::string_view changed);

/// Gives the exec the recaptured graph (cudaGraphExecChildGraphNodeSetParams).
void write_capture_update(CodeWriter& out, const GraphContext& context, std::size_t index);

/// build()'s block of captured node `block.index` (a capture or a collective node): its
/// summary, its capture, its cudaGraphAddNode, and its graph moved into the node.
void write_captured_build(NodeBlock& block);

/// `cublas.gemm<N, T>(m, x, ...)` for comments.
std::string capture_summary(const GraphContext& context, const ir::FunctionCall& capture);

}  // namespace graphc::backend

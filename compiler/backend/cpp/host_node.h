// Host nodes in generated code. A node without arguments calls the cudaHostFn_t member of
// Bindings with its user data. A node with arguments calls a function typed by its
// argument struct (`void (*log_stats)(const log_stats_args&, void*)`): build() and every
// update give the node a new block (`log_stats_call`: the function, its user data and the
// arguments from the Bindings), kept in Nodes as long as the exec may run it, since CUDA
// passes the block's address and a launch enqueued before an update may still read it.
#pragma once

#include <cstddef>
#include <vector>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "backend/cpp/graph_names.h"
#include "ir/graph.h"

namespace graphc::backend {

/// Whether any graph of the module has a host node that passes arguments (the header then
/// includes <memory> and <vector>).
bool module_has_host_args(const ir::Module& module);

/// Places the argument struct and call block of every host function that takes arguments
/// in the namespace of the first graph, in declaration order `order`, whose nodes call it
/// (the graphs it calls come before it), and names them in every graph's HostFunction.
void place_host_structs(const ir::Module& module, const std::vector<std::size_t>& order,
                        std::vector<GraphNames>& names);

/// The header's `F_args` struct and `F_call` block of each host function whose home is
/// this graph's namespace; nothing when there is none.
void emit_host_structs(CodeWriter& out, const GraphContext& context);

/// The .cu's `NAME_host(b, nodes)` of every host node of the graph that passes arguments,
/// in an unnamed namespace: a new argument block from `b`, kept in `nodes`, as CUDA's
/// cudaHostNodeParams; nothing when there is none.
void emit_host_functions(CodeWriter& out, const GraphContext& context);

/// build()'s lines for host node `index`: its params in `p`.
void write_host_build(CodeWriter& out, const GraphContext& context, std::size_t index);

/// Gives the exec a new argument block of host node `index` (cudaGraphExecHostNodeSetParams).
void write_host_update(CodeWriter& out, const GraphContext& context, std::size_t index);

}  // namespace graphc::backend

// The runtime's code of each node kind written `KEYWORD NAME : FUNCTION(args);`
// (Statement::function_call in graphc/base/node_kinds.def): such a kind's row has
// `runtime/src/build/<id>_node.cpp` (compiled by its row, cmake/GraphcNodeKinds.cmake), which
// defines function_call_node_params for its IR struct, so that build_graph names no such kind.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "build/build_graph.h"
#include "build/capture_node.h"
#include "graphc/base/node_kinds.h"
#include "graphc/handles.h"
#include "ir/graph.h"
#include "modules/resolve_functions.h"
#include "state/program_state.h"

namespace graphc::detail {

/// What a kind's code builds node `id` of `graph` with, as build_graph adds it.
struct NodeBuild {
  const ProgramState& program;
  const ir::Graph& graph;
  ir::NodeId id;
  const ir::Node& node;                // as configured (a param-configured node folded again)
  const std::vector<void*>& buffers;   // per BufferId: its memory (an alloc's once its node is added)
  const std::vector<Slot>& params;     // per ParamId: the current value
  BuiltGraph& built;                   // the graph so far; the kind keeps its per-node state here
  const ResolvedFunctions& functions;  // what the graph's nodes call
  CaptureResources& resources;         // the capture stream, cuBLAS handle and workspaces
  CapturePlace place;                  // where a graph captured for the node runs
  GraphHandle& owned;                  // a graph the node takes (cudaGraphChildGraphOwnershipMove), until it does
};

/// The CUDA parameters of a node of the kind (cudaGraphAddNode's), its state kept in
/// `b.built`; graphc::Error naming the node when CUDA or the node's function fails.
#define GRAPHC_NODE_KIND(id, ir_struct, keyword, names_function, cuda_type, cuda_words, dot, in_body, in_device_graph, \
                         in_child_graph, switchable, update, statement, ...)                                           \
  GRAPHC_WHEN_FUNCTION_CALL(statement,                                                                                 \
                            cudaGraphNodeParams function_call_node_params(NodeBuild& b, const ir::ir_struct& op);)
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND

}  // namespace graphc::detail

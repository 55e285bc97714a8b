// The C++ emitter's code of each node kind written `KEYWORD NAME : FUNCTION(args);`
// (Statement::function_call in graphc/base/node_kinds.def): such a kind's row has
// `compiler/backend/cpp/<id>_node.cpp` (compiled by its row, cmake/GraphcNodeKinds.cmake),
// which defines write_function_call_build for its IR struct, so that emit_build names no
// such kind.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "graphc/base/node_kinds.h"
#include "ir/graph.h"

namespace graphc::backend {

/// What a kind's code writes its node's block of build() with.
struct NodeBlock {
  CodeWriter& out;
  const GraphContext& context;
  std::size_t index;                                     // the node's, in the graph
  std::function<void(const std::string& summary)> open;  // `// NAME: summary`, then `{`, indented
  std::function<void()> add;    // `graphc::add_node(nodes.NAME, graph, {deps}, p)`: `p` declared before
  std::function<void()> close;  // `}`
};

/// build()'s block of a node of the kind: open, the lines that make `p`, add, close.
#define GRAPHC_NODE_KIND(id, ir_struct, keyword, names_function, cuda_type, cuda_words, dot, in_body, in_device_graph, \
                         in_child_graph, switchable, update, statement, ...)                                           \
  GRAPHC_WHEN_FUNCTION_CALL(statement, void write_function_call_build(NodeBlock& block, const ir::ir_struct& op);)
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND

}  // namespace graphc::backend

// The validator's code of each node kind written `KEYWORD NAME : FUNCTION(args);`
// (Statement::function_call in graphc/base/node_kinds.def): such a kind's row has
// `compiler/sema/<id>_node.cpp` (compiled by its row, cmake/GraphcNodeKinds.cmake), which
// defines these two for its IR struct, so that a new kind of that form is listed in no pass.
#pragma once

#include "graphc/base/node_kinds.h"
#include "ir/graph.h"
#include "sema/context.h"
#include "sema/memory_access.h"

namespace graphc::sema {

// check_function_call: the kind's own checks of a node, run by check_function_calls after
// the arguments are resolved (check_kernel_args). add_accesses: what the node reads and
// writes, for the race analysis and `graphc check --explain`.
#define GRAPHC_NODE_KIND(id, ir_struct, keyword, names_function, cuda_type, cuda_words, dot, in_body, in_device_graph, \
                         in_child_graph, switchable, update, statement, ...)                                           \
  GRAPHC_WHEN_FUNCTION_CALL(statement,                                                                                 \
                            void check_function_call(GraphContext& ctx, const ir::Node& node, ir::ir_struct& op);      \
                            void add_accesses(AccessList& out, const ir::Node& node, const ir::ir_struct& op);)
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND

}  // namespace graphc::sema

// The checks of the nodes written `KEYWORD NAME : FUNCTION(args);`, each by its kind's own
// code (sema/function_calls.h).
#include <variant>

#include "ir/node_kind.h"
#include "sema/function_calls.h"
#include "sema/passes.h"

namespace graphc::sema {

void check_function_calls(GraphContext& ctx) {
  for (ir::Node& node : ctx.graph.nodes) {
    std::visit(
        [&]<class Op>(Op& op) {
          if constexpr (ir::FunctionCallKind<Op>) check_function_call(ctx, node, op);
        },
        node.op);
  }
}

}  // namespace graphc::sema

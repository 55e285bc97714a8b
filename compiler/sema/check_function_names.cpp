// Kernel, host and function-call nodes' functions (a capture's): names generated code can reference and NVRTC can look
// up (E0111). The grammar takes template arguments up to their `>` whatever they hold, so this is where `f<"x">` or
// `f</**/int>` is refused.
#include <type_traits>
#include <variant>

#include "ir/cpp_name.h"
#include "ir/node_kind.h"
#include "sema/passes.h"

namespace graphc::sema {

void check_function_names(GraphContext& ctx) {
  for (const ir::Node& node : ctx.graph.nodes) {
    if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
        kernel && !ir::is_cpp_function_name(kernel->function)) {
      ctx.diags.report(DiagCode::bad_function_name, kernel->function_range, "kernel", kernel->function);
    }
    // A host node's function is a C++ name; a function call's may be a library operation too,
    // whose name is checked against graphc's table (check_captures).
    std::visit(
        [&]<class Op>(const Op& op) {
          if constexpr (std::is_base_of_v<ir::FunctionCall, Op>) {
            const bool library =
                ir::kind_info(node).statement == Statement::function_call && ir::is_library_function(op.function);
            if (!library && !ir::is_cpp_function_name(op.function)) {
              ctx.diags.report(DiagCode::bad_function_name, op.function_range, ir::kind_name(node), op.function);
            }
          }
        },
        node.op);
  }
}

}  // namespace graphc::sema

#include "sema/analyze.h"

#include "sema/context.h"
#include "sema/passes.h"

namespace graphc::sema {

// `sources` is part of the contract for rules that quote source text; none does yet.
bool analyze(ir::Module& module, const SourceManager& /*sources*/, DiagEngine& diags) {
  const std::size_t errors_before = diags.error_count();
  check_graph_names(module, diags);
  for (ir::Graph& graph : module.graphs) {
    GraphContext ctx(graph, diags);  // the scope: duplicate names (E0103)
    check_declarations(ctx);
    check_function_names(ctx);
    check_launch_attributes(ctx);
    check_launch_config(ctx);
    check_kernel_args(ctx);
    check_captures(ctx);
    check_memory_ops(ctx);
    resolve_event_nodes(ctx);
    resolve_edges(ctx);
    check_edge_ports(ctx);
    check_structure(ctx);
    check_conditionals(ctx);
    check_conditional_bodies(ctx);
    check_event_order(ctx);
    check_memory_nodes(ctx);
  }
  check_calls(module, diags);
  check_device_launch(module, diags);
  check_host_args(module, diags);
  return diags.error_count() == errors_before;
}

}  // namespace graphc::sema

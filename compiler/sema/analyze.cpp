#include "sema/analyze.h"

#include "sema/context.h"
#include "sema/passes.h"

namespace graphc::sema {

// `sources` is part of the contract for rules that quote source text; none does yet.
bool analyze(ir::Module& module, const SourceManager& /*sources*/, DiagEngine& diags) {
  const std::size_t errors_before = diags.error_count();
  check_graph_names(module, diags);
  check_structs(module, diags);
  std::vector<bool> clean;  // per GraphId: its own passes reported no error
  for (ir::Graph& graph : module.graphs) {
    const std::size_t graph_errors = diags.error_count();
    GraphContext ctx(graph, diags, module.structs);  // the scope: duplicate names (E0103)
    check_declarations(ctx);
    check_views(ctx);
    check_function_names(ctx);
    check_launch_attributes(ctx);
    check_launch_config(ctx);
    check_kernel_args(ctx);
    check_function_calls(ctx);
    check_memory_ops(ctx);
    check_devices(ctx);
    resolve_event_nodes(ctx);
    resolve_edges(ctx);
    check_edge_ports(ctx);
    check_device_updates(ctx);
    check_structure(ctx);
    check_conditionals(ctx);
    check_conditional_bodies(ctx);
    check_event_order(ctx);
    check_memory_nodes(ctx);
    clean.push_back(diags.error_count() == graph_errors);
  }
  resolve_calls(module, diags);
  const bool sized = check_instantiated_nodes(module, diags);
  check_call_args(module, diags);
  check_collective_order(module, diags);
  check_called_graphs(module, diags);
  if (sized) {  // these walk into called graphs, per call or per chain of calls
    check_call_placement(module, diags);
    check_call_config(module, clean, diags);
  }
  check_device_launch(module, diags);
  check_host_args(module, diags);
  return diags.error_count() == errors_before;
}

}  // namespace graphc::sema

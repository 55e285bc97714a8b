// The passes of sema::analyze, one rule family per file, in the order analyze runs them.
// Each reports through the context's DiagEngine and fills the resolved fields it owns.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "sema/context.h"

namespace graphc::sema {

/// "1 argument", "2 arguments": `n` and the noun, plural unless `n` is 1.
std::string counted(std::size_t n, std::string_view noun);

/// resolve_names.cpp: graphs share the module namespace (E0108).
void check_graph_names(const ir::Module& module, DiagEngine& diags);

/// check_structs.cpp: struct declarations (E0118, E0232, E0235, E0236) and their layout
/// by the C ABI (StructDecl::size, alignment, StructField::offset). Runs first: kernel
/// arguments read the layout.
void check_structs(ir::Module& module, DiagEngine& diags);

/// check_declarations.cpp: consts, param defaults, buffer sizes and initial contents.
void check_declarations(GraphContext& ctx);

/// check_views.cpp: each view's base, resolved to the root buffer (or alloc's memory) with
/// the byte offset into it; fit, alignment and memory space. Runs right after
/// check_declarations, which sizes every buffer and view.
void check_views(GraphContext& ctx);
/// check_function_names.cpp: kernel and host function names C++ and NVRTC can spell.
void check_function_names(GraphContext& ctx);

/// check_launch_config.cpp: grid and block dimensions, dynamic shared memory.
void check_launch_config(GraphContext& ctx);

/// Kernel nodes' launch attributes (priority, cluster, cooperative, sync_domain, carveout):
/// known, given once, constant and in range (E0805-E0809); resolved into KernelNode::launch.
/// Runs before check_launch_config, which checks the grid against the cluster (E0810).
void check_launch_attributes(GraphContext& ctx);

/// check_kernel_args.cpp: what each kernel or call argument passes (buffer, param, cond,
/// value or a struct of the module, `S{...}`, each field matched with its value).
void check_kernel_args(GraphContext& ctx);

/// check_function_calls.cpp: each node written `KEYWORD NAME : FUNCTION(args);` by its kind's
/// own checks (sema/function_calls.h; a capture node's: the library operation it calls, its
/// operands, and a GEMM's types, leading dimensions and extents).
void check_function_calls(GraphContext& ctx);

/// check_memory_ops.cpp: copy and memset slices, copy sizes and kinds, memset values.
void check_memory_ops(GraphContext& ctx);

/// check_host_args.cpp: every host node calling one function passes arguments of the same
/// types in the same order (E0113), as the one argument struct the function takes.
/// Runs after the graphs' own passes.
void check_host_args(const ir::Module& module, DiagEngine& diags);

/// check_events.cpp: the event of every record and wait node.
void resolve_event_nodes(GraphContext& ctx);

/// resolve_names.cpp: both ends of every edge to nodes of the edge's own graph or body.
void resolve_edges(GraphContext& ctx);

/// check_edge_ports.cpp: port edges only between kernel nodes; one port per pair of nodes
/// (a conflicting edge is dropped).
void check_edge_ports(GraphContext& ctx);

/// check_structure.cpp: self edges, duplicate edges (dropped), cycles.
void check_structure(GraphContext& ctx);

/// check_conditionals.cpp: the cond each conditional node tests, cond defaults and
/// scopes, switch cases; warnings for conds nothing sets and loops nothing ends.
void check_conditionals(GraphContext& ctx);

/// check_devices.cpp: buffers placed on devices and the peers they grant (E1201-E1203);
/// kernels placed on a device reach what they are passed (E1204), outside conditional bodies
/// and device-launch graphs (E1205). Runs after check_kernel_args and check_views.
void check_devices(GraphContext& ctx);

/// check_conditional_bodies.cpp: which nodes a conditional body may hold.
void check_conditional_bodies(GraphContext& ctx);

/// check_device_updates.cpp: `&NAME` kernel arguments, resolved to a `[device_updatable]`
/// kernel node of the same graph and device (E0504, E0505, E0507); none in a graph
/// instantiated for device launch (E0506); updates unordered with their node (W0501) and
/// device-updatable nodes no kernel updates (W0502). Runs after resolve_edges.
void check_device_updates(GraphContext& ctx);

/// check_device_launch.cpp: `@g` kernel arguments, and what a graph instantiated for
/// device launch may hold. Runs after the graphs' own passes.
void check_device_launch(ir::Module& module, DiagEngine& diags);

/// resolve_calls.cpp: the graph each call names (E0110) and cycles of calls (E0901); a
/// call left unresolved is skipped by the passes over calls that follow. Runs after the
/// graphs' own passes, first of the passes over calls.
void resolve_calls(ir::Module& module, DiagEngine& diags);

/// check_instantiated_nodes.cpp: the nodes each graph instantiates, its calls' graphs'
/// included, and the depth its calls nest, counted once per graph without expanding a call;
/// past kMaxInstantiatedNodes (E0020) or kMaxCallDepth (E0021), at the call that crosses it.
/// Returns whether every graph fits: the passes that walk into called graphs run only then.
/// Runs right after resolve_calls.
bool check_instantiated_nodes(const ir::Module& module, DiagEngine& diags);

/// check_call_args.cpp: each call's arguments against the called graph's parameters
/// (E0902-E0906, E0212, E0224); a value is converted to its parameter's type.
void check_call_args(ir::Module& module, DiagEngine& diags);

/// check_called_graphs.cpp: what a called graph may declare and hold (E0907-E0909), once
/// per graph.
void check_called_graphs(const ir::Module& module, DiagEngine& diags);

/// check_call_placement.cpp: the conditional-body and device-launch rules (E0401, E0402,
/// E0501, E0502) for the nodes a call embeds.
void check_call_placement(const ir::Module& module, DiagEngine& diags);

/// check_call_config.cpp: the nodes a called graph's scalar parameters configure, folded
/// and checked per chain of calls with the values it gives them. `clean`, per GraphId:
/// whether the graph's own passes reported no error (only those are folded). Runs after
/// the passes over calls (resolve_calls, check_call_args).
void check_call_config(const ir::Module& module, const std::vector<bool>& clean, DiagEngine& diags);

/// check_events.cpp: a wait and a record of one event that no path orders (warning).
void check_event_order(GraphContext& ctx);

/// check_collective_order.cpp: two collectives over one communicator that no path orders
/// (E1108, with the edge that orders them), a call that runs collectives over it (through a
/// `comm` parameter) counting as one. Runs after check_call_args.
void check_collective_order(const ir::Module& module, DiagEngine& diags);

/// check_memory_nodes.cpp: what each free frees (once), and that every use of an alloc's
/// memory is ordered after the alloc and before its free.
void check_memory_nodes(GraphContext& ctx);

}  // namespace graphc::sema

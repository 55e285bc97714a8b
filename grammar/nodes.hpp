// Node declarations inside a graph: kernel, copy, memset, host, empty, record, wait.
#pragma once

#include "aggregates.hpp"
#include "expr.hpp"
#include "indexed_names.hpp"
#include "lexical.hpp"

namespace graphc::grammar {

// `,` between the members of a launch configuration.
struct launch_comma : sym<','> {};
struct dim_comma : sym<','> {};

// `(x, y)` or `(x, y, z)`: a 2-D or 3-D grid or block. Only the comma after x commits to a
// tuple, so `(a + b) * 2` is still a 1-D expression.
struct dim_open : sym<'('> {};
struct dim_close : sym<')'> {};
struct dim_tuple : seq<dim_open, expr, dim_comma, must<expr>, opt_must<dim_comma, expr>, must<dim_close>> {};

// A grid or block: a tuple or one expression (x).
struct dims : sor<dim_tuple, expr> {};

// The launch configuration between `<<<` and `>>>`: grid, block, and optionally the bytes
// of dynamic shared memory.
struct launch_open : sym<'<', '<', '<'> {};
struct launch_close : sym<'>', '>', '>'> {};
struct launch_grid : seq<dims> {};
struct launch_block : seq<dims> {};
struct launch_shared : seq<expr> {};

// `@g`: the executable graph of graph g (a cudaGraphExec_t instantiated for device
// launch), for a kernel that launches it with cudaGraphLaunch.
struct exec_at : sym<'@'> {};
struct exec_graph : seq<name> {};
struct graph_exec_ref : if_must<exec_at, exec_graph> {};

// `&n`: the device node handle of kernel node n (a cudaGraphDeviceNode_t, n declared
// `[device_updatable]`), for a kernel that updates n with cudaGraphKernelNodeSetParam,
// cudaGraphKernelNodeSetGridDim or cudaGraphKernelNodeSetEnabled.
struct handle_at : sym<'&'> {};
struct handle_node : seq<name> {};
struct device_node_ref : if_must<handle_at, handle_node> {};

// One kernel argument: `@g`, `&n`, `nullptr`, an aggregate, or an expression.
struct kernel_arg : sor<graph_exec_ref, device_node_ref, null_pointer, aggregate_arg, expr> {};

// The arguments of a kernel node, in the kernel's parameter order.
struct kernel_args_open : sym<'('> {};
struct kernel_args_close : sym<')'> {};
struct kernel_args : arg_list<kernel_args_open, kernel_args_close, kernel_arg> {};

// `[priority(2), cluster(2, 1, 1), cooperative]`: a kernel node's launch attributes, each a
// word with its arguments, if any; names and values are checked after parsing.
struct kernel_attr_name : seq<word> {};
struct kernel_attr_args_open : sym<'('> {};
struct kernel_attr_args_close : sym<')'> {};
struct kernel_attr_args : arg_list<kernel_attr_args_open, kernel_attr_args_close> {};
struct kernel_attr : seq<kernel_attr_name, opt<kernel_attr_args>> {};
struct kernel_attrs_open : sym<'['> {};
struct kernel_attrs_comma : sym<','> {};
struct kernel_attrs_close : sym<']'> {};
// clang-format 14 would break this rule's `{}` over two lines:
// clang-format off
struct kernel_attrs
    : seq<kernel_attrs_open, must<kernel_attr>, star_must<kernel_attrs_comma, kernel_attr>, must<kernel_attrs_close>> {};
// clang-format on

// `kernel NAME : FUNC<<<grid, block(, smem)?>>>(args) ([attributes])?;`: a kernel node.
struct kw_kernel : kw<'k', 'e', 'r', 'n', 'e', 'l'> {};
struct kernel_name : seq<declared_node_name> {};
struct kernel_colon : sym<':'> {};
struct kernel_function : seq<cpp_name> {};
struct kernel_end : sym<';'> {};
// clang-format 14 would break this rule's `{}` over two lines:
// clang-format off
struct kernel_node
    : seq<kw_kernel,
          must<kernel_name, kernel_colon, kernel_function, launch_open, launch_grid, launch_comma, launch_block>,
          opt_must<launch_comma, launch_shared>, must<launch_close, kernel_args>, opt<kernel_attrs>, must<kernel_end>> {};
// clang-format on

// `buf` or `buf[offset:length]`: elements of a buffer; `buf[row:rows, column:columns]`: a
// box of a 2-D buffer; `buf[z:depth, row:rows, column:columns]`: a box of a 3-D buffer.
struct slice_buffer : seq<name> {};
struct slice_open : sym<'['> {};
struct slice_colon : sym<':'> {};
struct slice_comma : sym<','> {};
struct column_colon : sym<':'> {};
// `, start:size`: a box's next range: a 2-D box's columns; a 3-D box's rows, then columns.
struct slice_columns : if_must<slice_comma, expr, column_colon, expr> {};
struct slice_close : sym<']'> {};
// clang-format 14 would break this rule's `{}` over two lines:
// clang-format off
struct slice : seq<slice_buffer, opt<slice_open, must<expr, slice_colon, expr>, rep_opt<2, slice_columns>,
                                     must<slice_close>>> {};
// clang-format on

// `copy NAME : dst <- src (bytes n)?;`: a memcpy node, 1-D or of boxes.
struct kw_copy : kw<'c', 'o', 'p', 'y'> {};
struct kw_bytes : kw<'b', 'y', 't', 'e', 's'> {};
struct copy_name : seq<declared_node_name> {};
struct copy_colon : sym<':'> {};
struct copy_dst : seq<slice> {};
struct copy_arrow : sym<'<', '-'> {};
struct copy_src : seq<slice> {};
struct copy_bytes : seq<expr> {};
struct copy_end : sym<';'> {};
struct copy_node : seq<kw_copy, must<copy_name, copy_colon, copy_dst, copy_arrow, copy_src>,
                       opt_must<kw_bytes, copy_bytes>, must<copy_end>> {};

// `memset NAME : dst = value;`: a memset node.
struct kw_memset : kw<'m', 'e', 'm', 's', 'e', 't'> {};
struct memset_name : seq<declared_node_name> {};
struct memset_colon : sym<':'> {};
struct memset_dst : seq<slice> {};
struct memset_equals : sym<'='> {};
struct memset_value : seq<expr> {};
struct memset_end : sym<';'> {};
struct memset_node
    : if_must<kw_memset, memset_name, memset_colon, memset_dst, memset_equals, memset_value, memset_end> {};

// `host NAME : FUNC(args);`: a host node; its arguments (expressions) reach FUNC as one
// struct of their values.
struct kw_host : kw<'h', 'o', 's', 't'> {};
struct host_name : seq<declared_node_name> {};
struct host_colon : sym<':'> {};
struct host_function : seq<cpp_name> {};
struct host_args_open : sym<'('> {};
struct host_args_close : sym<')'> {};
struct host_args : arg_list<host_args_open, host_args_close> {};
struct host_end : sym<';'> {};
struct host_node : if_must<kw_host, host_name, host_colon, host_function, host_args, host_end> {};

// `empty NAME;`: an empty node, a point to fork from or join at.
struct kw_empty : kw<'e', 'm', 'p', 't', 'y'> {};
struct empty_name : seq<declared_node_name> {};
struct empty_end : sym<';'> {};
struct empty_node : if_must<kw_empty, empty_name, empty_end> {};

// `record NAME : EVENT;`: an event record node, recording the event once its
// dependencies have completed.
struct kw_record : kw<'r', 'e', 'c', 'o', 'r', 'd'> {};
struct record_name : seq<declared_node_name> {};
struct record_colon : sym<':'> {};
struct record_event : seq<name> {};
struct record_end : sym<';'> {};
struct record_node : if_must<kw_record, record_name, record_colon, record_event, record_end> {};

// `wait NAME : EVENT;`: an event wait node; the nodes after it wait for the event.
struct kw_wait : kw<'w', 'a', 'i', 't'> {};
struct wait_name : seq<declared_node_name> {};
struct wait_colon : sym<':'> {};
struct wait_event : seq<name> {};
struct wait_end : sym<';'> {};
struct wait_node : if_must<kw_wait, wait_name, wait_colon, wait_event, wait_end> {};

}  // namespace graphc::grammar

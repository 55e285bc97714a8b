// A whole .graph file: `module` and `graph` declarations.
#pragma once

#include "conditionals.hpp"
#include "decls.hpp"
#include "edges.hpp"
#include "lexical.hpp"
#include "memory_nodes.hpp"
#include "nodes.hpp"

namespace graphc::grammar {

// One declaration or edge statement in a graph's body.
struct graph_item
    : sor<const_decl, param_decl, buffer_decl, cond_decl, kernel_node, copy_node, memset_node, host_node, empty_node,
          conditional_node, alloc_node, free_node, edge_stmt> {};

// `graph NAME { items }`: one CUDA graph.
struct kw_graph : kw<'g', 'r', 'a', 'p', 'h'> {};
struct graph_name : seq<name> {};
struct graph_open : sym<'{'> {};
struct graph_close : sym<'}'> {};
struct graph_decl : seq<kw_graph, must<graph_name, graph_open>, star<graph_item>, must<graph_close>> {};

// The end of the file, where only a declaration may come.
struct file_end : eof {};

// The whole file: leading whitespace, then `module` and `graph` declarations in any order.
struct file : seq<skip, star<sor<module_decl, graph_decl>>, must<file_end>> {};

}  // namespace graphc::grammar

// A whole .graph file: `module`, `import`, `struct` and `graph` declarations.
#pragma once

#include "calls.hpp"
#include "conditionals.hpp"
#include "decls.hpp"
#include "edges.hpp"
#include "function_nodes.hpp"
#include "keyed_sor.hpp"
#include "lexical.hpp"
#include "loops.hpp"
#include "memory_nodes.hpp"
#include "nodes.hpp"
#include "structs.hpp"

namespace graphc::grammar {

// One declaration or edge statement in a graph's body. Every alternative that starts with
// a keyword comes before edge_stmt, whose first name rejects reserved words; only those
// whose keyword starts with the statement's first letter are tried (keyed_sor.hpp).
struct graph_item : keyed_sor_of<const_decl, variant_decl, param_decl, buffer_decl, view_decl, cond_decl, event_decl,
                                 comm_decl, node_statements, for_stmt, edge_stmt> {};

// `[device_launch]`: the graph's attributes, words checked after parsing.
struct attrs_open : sym<'['> {};
struct attr_name : seq<word> {};
struct attrs_comma : sym<','> {};
struct attrs_close : sym<']'> {};
struct graph_attrs : seq<attrs_open, must<attr_name>, star_must<attrs_comma, attr_name>, must<attrs_close>> {};

// `graph NAME ((parameters))? ([attributes])? { items }`: one CUDA graph.
struct kw_graph : kw<'g', 'r', 'a', 'p', 'h'> {};
struct graph_name : seq<name> {};
struct graph_open : sym<'{'> {};
struct graph_close : sym<'}'> {};
struct graph_decl : seq<kw_graph, must<graph_name>, opt<graph_parameters>, opt<graph_attrs>, must<graph_open>,
                        star<graph_item>, must<graph_close>> {};

// The end of the file, where only a declaration may come.
struct file_end : eof {};

// Pieces of the language inside another file (the scalars of a YAML graph): `Rule` as the
// whole text, with nothing after it but whitespace and comments.
struct fragment_end : eof {};
template <class Rule>
struct fragment : seq<skip, must<Rule>, must<fragment_end>> {};

// A name on its own: a YAML key that declares a graph, node, buffer, param, ...
struct lone_name : seq<name> {};

// The whole file: leading whitespace, then `module`, `import`, `struct` and `graph`
// declarations in any order.
struct file : seq<skip, star<sor<module_decl, import_decl, struct_decl, graph_decl>>, must<file_end>> {};

}  // namespace graphc::grammar

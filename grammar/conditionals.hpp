// Conditional nodes and their body graphs: `cond` handles, `if` / `else`, `while` and
// `switch` / `case`. A body is a graph of its own inside its conditional node: nodes,
// edges, conds and nested conditionals (consts, params, buffers and events belong to the
// graph).
#pragma once

#include "calls.hpp"
#include "decls.hpp"
#include "edges.hpp"
#include "expr.hpp"
#include "function_nodes.hpp"
#include "indexed_names.hpp"
#include "keyed_sor.hpp"
#include "lexical.hpp"
#include "memory_nodes.hpp"
#include "nodes.hpp"

namespace graphc::grammar {

// `cond NAME (= value)?;`: a conditional handle, with the value it takes at the start of
// every launch when one is given.
struct kw_cond : kw<'c', 'o', 'n', 'd'> {};
struct cond_name : seq<name> {};
struct cond_equals : sym<'='> {};
struct cond_default : seq<expr> {};
struct cond_end : sym<';'> {};
struct cond_decl : seq<kw_cond, must<cond_name>, opt_must<cond_equals, cond_default>, must<cond_end>> {};

// The declarations that belong to the graph rather than to a body: a rule of its own, so
// that one written inside a body says where it goes (instead of reading as an edge).
struct misplaced_decl : sor<kw_const, kw_variant, kw_param, kw_buffer, kw_event, kw_comm> {};
struct graph_level_decl : seq<at<misplaced_decl>, raise<misplaced_decl>> {};

// One item of a body: declared here, defined below, since bodies nest.
struct body_item;

// A `for` loop (loops.hpp), which may hold bodies and appear in one.
struct for_stmt;

// `{` and the items of a body up to its `}`. What follows the `{` is a rule of its own,
// so that the front end can bound how deeply bodies nest.
struct body_open : sym<'{'> {};
struct body_close : sym<'}'> {};
struct body_items : seq<star<body_item>, must<body_close>> {};
struct nested_body : seq<body_open, body_items> {};

// `(c)`: the cond a conditional node tests.
struct test_open : sym<'('> {};
struct test_cond : seq<name> {};
struct test_close : sym<')'> {};

// `if NAME (c) { ... } (else { ... })?`: an IF conditional node of size 1 or 2.
struct kw_if : kw<'i', 'f'> {};
struct kw_else : kw<'e', 'l', 's', 'e'> {};
struct if_name : sor<name, keyword_as_node> {};
struct then_body : seq<nested_body> {};
struct else_body : if_must<kw_else, nested_body> {};
struct if_node : seq<kw_if, must<if_name, test_open, test_cond, test_close, then_body>, opt<else_body>> {};

// `while NAME (c) { ... }`: a WHILE conditional node; the body repeats while c is non-zero.
struct kw_while : kw<'w', 'h', 'i', 'l', 'e'> {};
struct while_name : sor<name, keyword_as_node> {};
struct while_body : seq<nested_body> {};
struct while_node : if_must<kw_while, while_name, test_open, test_cond, test_close, while_body> {};

// `case N { ... }`: the body a SWITCH runs when its cond is N.
struct kw_case : kw<'c', 'a', 's', 'e'> {};
struct case_value : seq<number> {};
struct case_body : if_must<kw_case, case_value, nested_body> {};

// `switch NAME (c) { case 0 { ... } case 1 { ... } ... }`: a SWITCH conditional node.
struct kw_switch : kw<'s', 'w', 'i', 't', 'c', 'h'> {};
struct switch_name : sor<name, keyword_as_node> {};
struct switch_open : sym<'{'> {};
struct switch_close : sym<'}'> {};
struct switch_node : seq<kw_switch, must<switch_name, test_open, test_cond, test_close, switch_open, case_body>,
                         star<case_body>, must<switch_close>> {};

// Any conditional node.
struct conditional_node : sor<if_node, while_node, switch_node> {};

// Every node statement, in the order a graph and a body try them: a new node kind of its own
// statement form joins them here, once; a kind written `KEYWORD NAME : FUNCTION(args);` is
// among function_nodes by its row (graphc/base/node_kinds.def holds every kind's keyword).
using node_statements = rule_list<kernel_node, copy_node, memset_node, host_node, empty_node, record_node, wait_node,
                                  conditional_node, alloc_node, free_node, call_node, function_nodes>;

// Memory nodes parse in a body so that the validator can say why they cannot be there.
// Tried as graph_item is: only the alternatives the next character can start.
struct body_item : keyed_sor_of<cond_decl, node_statements, for_stmt, graph_level_decl, edge_stmt> {};

}  // namespace graphc::grammar

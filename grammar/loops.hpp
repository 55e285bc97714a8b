// Compile-time repetition: `for i in 0..L { ... }` and the indexed node names it makes,
// `layer[i]`. The front end expands a loop into ordinary nodes and edges, one copy of its
// items per value of the variable, so the validator and every back end see no loop.
#pragma once

#include "conditionals.hpp"
#include "edges.hpp"
#include "expr.hpp"
#include "lexical.hpp"

namespace graphc::grammar {

// `for`, then the variable and its half-open range `first..last`: both bounds are
// expressions of literals, consts and enclosing loops' variables.
struct kw_for : kw<'f', 'o', 'r'> {};
struct kw_in : kw<'i', 'n'> {};
struct loop_variable : seq<name> {};
struct loop_first : seq<expr> {};
struct range_dots : sym<'.', '.'> {};
struct loop_last : seq<expr> {};

// `{` and the items repeated, up to the `}`: nodes, calls, edges and nested loops. What
// follows the `{` is a rule of its own, so that the front end can bound how deeply loops
// and bodies nest.
struct loop_open : sym<'{'> {};
struct loop_close : sym<'}'> {};
// A declaration that belongs to the graph, written in a loop: it says so in the loop's words.
struct misplaced_loop_decl : sor<kw_const, kw_variant, kw_param, kw_buffer, kw_view, kw_event> {};
struct loop_level_decl : seq<at<misplaced_loop_decl>, raise<misplaced_loop_decl>> {};
struct loop_items : seq<star<sor<loop_level_decl, body_item>>, must<loop_close>> {};
struct nested_loop : seq<loop_open, loop_items> {};

// `for i in 0..L { ... }`.
struct for_stmt : if_must<kw_for, loop_variable, kw_in, loop_first, range_dots, loop_last, nested_loop> {};

}  // namespace graphc::grammar

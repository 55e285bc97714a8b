// Node names with an index, `layer[i]`: the nodes a `for` loop (loops.hpp) makes, one per
// value of its variable, and how other statements name one of them, `layer[L - 1]`.
#pragma once

#include "expr.hpp"
#include "lexical.hpp"

namespace graphc::grammar {

// An arrow's port (edges.hpp); `a [programmatic] -> b` is a misplaced port, not an index.
struct edge_port;

// `[expr]` right after a name; the `[` commits to an index, unless a port's word follows.
struct index_open : sym<'['> {};
struct index_close : sym<']'> {};
struct name_index : seq<not_at<index_open, edge_port>, if_must<index_open, expr, index_close>> {};

// A node's name where it is declared or named in an edge: `layer` or `layer[i]`. The
// front end folds the index and names the node `layer_3`.
struct node_name : seq<name, opt<name_index>> {};

// `->` where a node declaration expects its name: the statement reads as an edge from a
// node named after the declaration's keyword, `host -> b;`, which no node can be named
// (the keyword is a reserved word); an error at the keyword that says so.
struct keyword_node_name : sym<'-', '>'> {};

struct keyword_as_node : seq<at<keyword_node_name>, raise<keyword_node_name>> {};

// The name a node declaration gives its node (`layer` or `layer[i]`), after its keyword.
struct declared_node_name : sor<node_name, keyword_as_node> {};

}  // namespace graphc::grammar

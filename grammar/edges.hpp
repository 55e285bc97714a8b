// Edges: `a -> b;`, chains `a -> b -> c;` and groups `a -> {b, c} -> d;`.
//
// Each arrow joins every member of the group on its left to every member of the group
// on its right; a single name is a group of one.
#pragma once

#include "lexical.hpp"

namespace graphc::grammar {

// A node named in an edge.
struct edge_node : seq<name> {};

// `{a, b, ...}`: several nodes on one side of an arrow.
struct group_open : sym<'{'> {};
struct group_comma : sym<','> {};
struct group_close : sym<'}'> {};
struct edge_group : seq<group_open, must<edge_node>, star_must<group_comma, edge_node>, must<group_close>> {};

// One side of an arrow.
struct edge_end : sor<edge_group, edge_node> {};

// `->`. The first arrow of a statement has a rule of its own: a word that is not followed
// by one is more likely a misspelt declaration keyword than a node.
struct first_arrow : sym<'-', '>'> {};
struct arrow : sym<'-', '>'> {};

// The terminating `;`.
struct edge_semicolon : sym<';'> {};

// `a -> b -> {c, d} -> e;`
struct edge_stmt : seq<edge_end, must<first_arrow>, must<edge_end>, star_must<arrow, edge_end>, must<edge_semicolon>> {};

}  // namespace graphc::grammar

// Edges: `a -> b;`, chains `a -> b -> c;` and groups `a -> {b, c} -> d;`, each arrow
// optionally with a port, `a ->[programmatic] b;`.
//
// Each arrow joins every member of the group on its left to every member of the group
// on its right; a single name is a group of one.
#pragma once

#include "indexed_names.hpp"
#include "lexical.hpp"

namespace graphc::grammar {

// A node named in an edge: `a` or, one of a loop's nodes, `layer[i + 1]`.
struct edge_node : seq<node_name> {};

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

// The port of an arrow's edges (CUDA 12.3 edge data, cudaGraphEdgeData): `programmatic`
// (out port cudaGraphKernelNodePortProgrammatic) or `launch_completion` (out port
// cudaGraphKernelNodePortLaunchCompletion), both with cudaGraphDependencyTypeProgrammatic.
struct kw_programmatic : kw<'p', 'r', 'o', 'g', 'r', 'a', 'm', 'm', 'a', 't', 'i', 'c'> {};
// clang-format 14 would break this rule's `{}` over two lines:
// clang-format off
struct kw_launch_completion
    : kw<'l', 'a', 'u', 'n', 'c', 'h', '_', 'c', 'o', 'm', 'p', 'l', 'e', 't', 'i', 'o', 'n'> {};
// clang-format on
struct edge_port : sor<kw_programmatic, kw_launch_completion> {};

// `[port]` right after an arrow: every edge that arrow makes has the port. The `[`
// commits to a port.
struct port_open : sym<'['> {};
struct port_close : sym<']'> {};
struct arrow_port : if_must<port_open, edge_port, port_close> {};

// What follows an arrow: its port, if any, then one side.
struct edge_target : seq<opt<arrow_port>, edge_end> {};

// The terminating `;`.
struct edge_semicolon : sym<';'> {};

// `a -> b ->[programmatic] {c, d} -> e;`
struct edge_stmt
    : seq<edge_end, must<first_arrow>, must<edge_target>, star_must<arrow, edge_target>, must<edge_semicolon>> {};

}  // namespace graphc::grammar

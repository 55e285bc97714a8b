// Child graphs: `import "other.graph";` at the top level, a graph's parameters
// `graph layer(x : f32[N] device, s : f32)`, and `call NAME : GRAPH(args);` nodes.
#pragma once

#include "expr.hpp"
#include "indexed_names.hpp"
#include "lexical.hpp"
#include "nodes.hpp"
#include "types.hpp"

namespace graphc::grammar {

// `import "layers.graph";`: the graphs of another file, relative to this one.
struct kw_import : kw<'i', 'm', 'p', 'o', 'r', 't'> {};
struct import_path : seq<string_literal> {};
struct import_end : sym<';'> {};
struct import_decl : if_must<kw_import, import_path, import_end> {};

// `x : f32[N] device` (a buffer parameter: element type, count, memory space) or `s : f32`
// (a scalar parameter).
struct parameter_name : seq<name> {};
struct parameter_colon : sym<':'> {};
struct parameter_count_open : sym<'['> {};
struct parameter_count_close : sym<']'> {};
struct parameter_shape : if_must<parameter_count_open, expr, parameter_count_close, space_name> {};
struct graph_parameter : seq<parameter_name, must<parameter_colon, type_name>, opt<parameter_shape>> {};

// `(x : f32[N] device, s : f32)` after a graph's name.
struct parameters_open : sym<'('> {};
struct parameters_close : sym<')'> {};
struct graph_parameters : arg_list<parameters_open, parameters_close, graph_parameter> {};

// `call NAME : GRAPH(args);`: a child graph node; the arguments bind GRAPH's parameters
// in order, and a graph without parameters may be called without parentheses.
struct kw_call : kw<'c', 'a', 'l', 'l'> {};
struct call_node_name : seq<declared_node_name> {};
struct call_colon : sym<':'> {};
struct called_graph : seq<name> {};
struct call_args_open : sym<'('> {};
struct call_args_close : sym<')'> {};
struct call_args : arg_list<call_args_open, call_args_close> {};
struct call_end : sym<';'> {};
struct call_node : seq<kw_call, must<call_node_name, call_colon, called_graph>, opt<call_args>, must<call_end>> {};

}  // namespace graphc::grammar

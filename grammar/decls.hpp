// Declarations: `module` at the top level; `const`, `variant`, `param`, `buffer`, `view` and
// `event` inside a graph.
#pragma once

#include "aggregates.hpp"
#include "expr.hpp"
#include "lexical.hpp"
#include "types.hpp"

namespace graphc::grammar {

// `module "kernels.cu";`: a file of kernels, relative to the .graph file.
struct kw_module : kw<'m', 'o', 'd', 'u', 'l', 'e'> {};
struct module_path : seq<string_literal> {};
struct module_end : sym<';'> {};
struct module_decl : if_must<kw_module, module_path, module_end> {};

// `const NAME = expr;`: a compile-time value.
struct kw_const : kw<'c', 'o', 'n', 's', 't'> {};
struct const_name : seq<name> {};
struct const_equals : sym<'='> {};
struct const_end : sym<';'> {};
struct const_decl : if_must<kw_const, const_name, const_equals, expr, const_end> {};

// `variant NAME in {v0, v1, ...};`: the file's variant dimension, a const that takes each of
// its values in turn (a batch size over {1, 2, 4, 8}): one graph is built per value. The
// values are integer literals, checked after parsing.
struct kw_variant : kw<'v', 'a', 'r', 'i', 'a', 'n', 't'> {};
struct variant_name : seq<name> {};
struct variant_in : kw<'i', 'n'> {};
struct variant_open : sym<'{'> {};
struct variant_value : seq<number> {};
struct variant_comma : sym<','> {};
struct variant_close : sym<'}'> {};
struct variant_end : sym<';'> {};
// clang-format 14 would break this rule's `{}` over two lines:
// clang-format off
struct variant_decl : seq<kw_variant, must<variant_name, variant_in, variant_open, variant_value>,
                          star_must<variant_comma, variant_value>, must<variant_close, variant_end>> {};
// clang-format on

// `param NAME : type (= default)?;`: a value the caller may change between launches. The
// default is an expression, or for a vector type a vector value (`float4{1, 2, 3, 4}`).
struct kw_param : kw<'p', 'a', 'r', 'a', 'm'> {};
struct param_name : seq<name> {};
struct param_colon : sym<':'> {};
struct param_equals : sym<'='> {};
struct param_end : sym<';'> {};
struct param_default : sor<vector_value, expr> {};
// clang-format 14 would break this rule's `{}` over two lines:
// clang-format off
struct param_decl
    : seq<kw_param, must<param_name, param_colon, type_name>, opt_must<param_equals, param_default>, must<param_end>> {};
// clang-format on

// `fill(v)`: every element is v.
struct kw_fill : kw<'f', 'i', 'l', 'l'> {};
struct fill_open : sym<'('> {};
struct init_close : sym<')'> {};
struct fill_init : if_must<kw_fill, fill_open, expr, init_close> {};

// `iota(start)`: element i is start + i.
struct kw_iota : kw<'i', 'o', 't', 'a'> {};
struct iota_open : sym<'('> {};
struct iota_init : if_must<kw_iota, iota_open, expr, init_close> {};

// `{v0, v1, ...}`: one value per element.
struct list_open : sym<'{'> {};
struct list_comma : sym<','> {};
struct list_close : sym<'}'> {};
struct list_init : seq<list_open, must<expr>, star_must<list_comma, expr>, must<list_close>> {};

// What follows `=` in a buffer declaration.
struct buffer_init : sor<fill_init, iota_init, list_init> {};

// `buffer NAME : type[count] space (= init)?;`: memory the runtime allocates; `type[rows][width]`
// for a 2-D buffer.
struct kw_buffer : kw<'b', 'u', 'f', 'f', 'e', 'r'> {};
struct buffer_name : seq<name> {};
struct buffer_colon : sym<':'> {};
struct count_open : sym<'['> {};
struct count_close : sym<']'> {};
struct width_open : sym<'['> {};
struct width_close : sym<']'> {};
// `[width]` after `[rows]`: a 2-D buffer of rows of `width` elements. More extents parse,
// so that the builder refuses a 3-D buffer by name (E0119) rather than as a syntax error.
struct buffer_width : if_must<width_open, expr, width_close> {};
struct buffer_equals : sym<'='> {};
struct buffer_end : sym<';'> {};
// `device(1)` after the space: the CUDA device whose memory it is; `peers(0, 2)` after that:
// the devices whose kernels reach it (peer access).
struct placement_open : sym<'('> {};
struct placement_close : sym<')'> {};
struct placement_comma : sym<','> {};
struct buffer_device : if_must<placement_open, expr, placement_close> {};
struct kw_peers : kw<'p', 'e', 'e', 'r', 's'> {};
struct buffer_peers
    : seq<kw_peers, must<placement_open, expr>, star_must<placement_comma, expr>, must<placement_close>> {};
// clang-format 14 would break this rule's `{}` over two lines:
// clang-format off
struct buffer_decl
    : seq<kw_buffer, must<buffer_name, buffer_colon, type_name, count_open, expr, count_close>, star<buffer_width>,
          must<space_name>, opt<buffer_device>, opt<buffer_peers>, opt_must<buffer_equals, buffer_init>,
          must<buffer_end>> {};
// clang-format on

// `view NAME : type[count] of BASE (+ offset)?;`: BASE's memory seen as `count` elements
// of another type, `offset` elements of BASE in. Initial contents parse, so that sema can
// say why a view has none (E0225).
struct kw_view : kw<'v', 'i', 'e', 'w'> {};
struct view_name : seq<name> {};
struct view_colon : sym<':'> {};
struct view_open : sym<'['> {};
struct view_close : sym<']'> {};
struct kw_of : kw<'o', 'f'> {};
struct view_base : seq<name> {};
struct view_plus : sym<'+'> {};
struct view_offset : seq<expr> {};
struct view_equals : sym<'='> {};
struct view_end : sym<';'> {};
struct view_decl : seq<kw_view, must<view_name, view_colon, type_name, view_open, expr, view_close, kw_of, view_base>,
                       opt_must<view_plus, view_offset>, opt_must<view_equals, buffer_init>, must<view_end>> {};

// `event NAME ([timing])?;`: a CUDA event that the graph's record and wait nodes share;
// `[timing]` creates it with timing, so that the host can read the time between two
// record nodes. Attributes are words checked after parsing.
struct kw_event : kw<'e', 'v', 'e', 'n', 't'> {};
struct event_name : seq<name> {};
struct event_attrs_open : sym<'['> {};
struct event_attr : seq<word> {};
struct event_attrs_comma : sym<','> {};
struct event_attrs_close : sym<']'> {};
struct event_attrs
    : seq<event_attrs_open, must<event_attr>, star_must<event_attrs_comma, event_attr>, must<event_attrs_close>> {};
struct event_end : sym<';'> {};
struct event_decl : seq<kw_event, must<event_name>, opt<event_attrs>, must<event_end>> {};

// `comm NAME ([register] | [window])?;`: an NCCL communicator the graph's collective nodes
// run over, bound by the host program per rank; `[register]` registers the buffers its
// collectives pass with it, `[window]` makes them NCCL windows. Attributes are words checked
// after parsing.
struct kw_comm : kw<'c', 'o', 'm', 'm'> {};
struct comm_name : seq<name> {};
struct comm_attrs_open : sym<'['> {};
struct comm_attr : seq<word> {};
struct comm_attrs_comma : sym<','> {};
struct comm_attrs_close : sym<']'> {};
struct comm_attrs
    : seq<comm_attrs_open, must<comm_attr>, star_must<comm_attrs_comma, comm_attr>, must<comm_attrs_close>> {};
struct comm_end : sym<';'> {};
struct comm_decl : seq<kw_comm, must<comm_name>, opt<comm_attrs>, must<comm_end>> {};

}  // namespace graphc::grammar

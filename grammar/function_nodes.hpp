// Node kinds written `KEYWORD NAME : FUNCTION(args);` (Statement::function_call in
// graphc/base/node_kinds.def): one rule, made per kind from its row, so that such a kind's
// keyword, its syntax errors and its place among the node statements come from the table.
// The capture node is one: `capture NAME : FUNC(args);`, a child graph whose content comes
// from stream capture of a built-in library operation or of a function the host program
// registers.
#pragma once

#include <cstddef>
#include <utility>

#include "aggregates.hpp"
#include "expr.hpp"
#include "graphc/base/node_kinds.h"
#include "indexed_names.hpp"
#include "keyed_sor.hpp"
#include "lexical.hpp"

namespace graphc::grammar {

// `library.operation`, optionally with template arguments: `cublas.gemm<T, N>`. A dotted
// name is graphc's own (its library operations); the validator checks which exist.
struct library_dot : one<'.'> {};
struct library_function : seq<identifier, library_dot, identifier, opt<not_at<three<'<'>>, template_args>, skip> {};

// What such a node calls: a library operation, or a C++ name registered by the host
// program (`spmv`, `solver::step<float>`).
struct node_function : sor<library_function, cpp_name> {};

namespace detail {

template <NodeKind K, class = std::make_index_sequence<info(K).keyword.size()>>
struct row_keyword;
template <NodeKind K, std::size_t... I>
struct row_keyword<K, std::index_sequence<I...>> : kw<info(K).keyword[I]...> {};

}  // namespace detail

// The parts of kind K's statement, each a rule of its own so that each has its own syntax
// error (errors.hpp words them from K's row). The arguments are passed, typed and in order.
template <NodeKind K>
struct function_node_keyword : detail::row_keyword<K> {};
template <NodeKind K>
struct function_node_name : seq<declared_node_name> {};  // `c` or, in a loop, `c[i]`
template <NodeKind K>
struct function_node_colon : sym<':'> {};
template <NodeKind K>
struct function_node_function : seq<node_function> {};
template <NodeKind K>
struct function_node_args_open : sym<'('> {};
template <NodeKind K>
struct function_node_args_close : sym<')'> {};
template <NodeKind K>
struct function_node_args : arg_list<function_node_args_open<K>, function_node_args_close<K>> {};
template <NodeKind K>
struct function_node_end : sym<';'> {};
template <NodeKind K>
struct function_node : if_must<function_node_keyword<K>, function_node_name<K>, function_node_colon<K>,
                               function_node_function<K>, function_node_args<K>, function_node_end<K>> {};

namespace detail {

template <template <NodeKind> class Rule, std::size_t... I>
rule_list<Rule<kFunctionCallKinds[I]>...> per_function_call_kind(std::index_sequence<I...> /*unused*/);

}  // namespace detail

/// `Rule<K>` for each kind K written `KEYWORD NAME : FUNCTION(args);`, in the table's order.
template <template <NodeKind> class Rule>
using for_function_call_kinds =
    decltype(detail::per_function_call_kind<Rule>(std::make_index_sequence<kFunctionCallKinds.size()>()));

// Every kind's statement of this form, as node statements.
using function_nodes = for_function_call_kinds<function_node>;

}  // namespace graphc::grammar

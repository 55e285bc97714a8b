// Capture nodes: `capture NAME : FUNC(args);`, a child graph whose content comes from stream
// capture of a built-in library operation or of a function the host program registers.
#pragma once

#include "expr.hpp"
#include "lexical.hpp"
#include "nodes.hpp"

namespace graphc::grammar {

// `library.operation`, optionally with template arguments: `cublas.gemm<T, N>`. A dotted
// name is graphc's own (its library operations); the validator checks which exist.
struct library_dot : one<'.'> {};
struct library_function : seq<identifier, library_dot, identifier, opt<not_at<three<'<'>>, template_args>, skip> {};

// What a capture node calls: a library operation, or a C++ name registered by the host
// program (`spmv`, `solver::step<float>`).
struct capture_function : sor<library_function, cpp_name> {};

// `capture NAME : FUNC(args);`: the arguments are passed, typed and in order, with the
// capturing stream.
struct kw_capture : kw<'c', 'a', 'p', 't', 'u', 'r', 'e'> {};
struct capture_name : seq<declared_node_name> {};  // `c` or, in a loop, `c[i]`
struct capture_colon : sym<':'> {};
struct capture_args_open : sym<'('> {};
struct capture_args_close : sym<')'> {};
struct capture_args : arg_list<capture_args_open, capture_args_close> {};
struct capture_end : sym<';'> {};
struct capture_node : if_must<kw_capture, capture_name, capture_colon, capture_function, capture_args, capture_end> {};

}  // namespace graphc::grammar

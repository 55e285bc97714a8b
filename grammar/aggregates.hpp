// Argument lists and aggregates: what a kernel's arguments and a vector param's default
// (`float4{1, 2, 3, 4}`) are written with.
#pragma once

#include "expr.hpp"
#include "lexical.hpp"

namespace graphc::grammar {

struct arg_comma : sym<','> {};

// `(args)`: arguments separated by commas, possibly none.
template <class Open, class Close, class Arg = expr>
struct arg_list : seq<Open, opt<Arg, star_must<arg_comma, Arg>>, must<Close>> {};

// `nullptr`: a null pointer, for a kernel's optional pointer parameter.
struct null_pointer : TAO_PEGTL_KEYWORD("nullptr") {};

// `S{a, b, ...}`: a struct of the file or one of CUDA's vector types, one value per field or
// lane in order (C++ aggregate initialisation). Only the `{` after the name commits, so `n` stays an expression.
struct aggregate_type : seq<cpp_name> {};
struct aggregate_open : sym<'{'> {};
struct aggregate_close : sym<'}'> {};
struct aggregate_field : sor<null_pointer, expr> {};
struct aggregate_fields : arg_list<aggregate_open, aggregate_close, aggregate_field> {};
struct aggregate_arg : seq<aggregate_type, at<aggregate_open>, must<aggregate_fields>> {};

// `float4{1, 2, 3, 4}`: a value of a CUDA vector type, one constant expression per lane (a
// vector param's default).
struct vector_type : seq<cpp_name> {};
struct vector_lanes_close : sym<'}'> {};
struct vector_lanes : arg_list<aggregate_open, vector_lanes_close> {};
struct vector_value : seq<vector_type, at<aggregate_open>, must<vector_lanes>> {};

}  // namespace graphc::grammar

// Expressions: integer and floating arithmetic with C++ precedence.
//
//   expr    = product { ("+" | "-") product }
//   product = operand { ("*" | "/" | "%") operand }
//   operand = "-" operand | number | cast | call | name | "(" expr ")"
#pragma once

#include "lexical.hpp"
#include "types.hpp"

namespace graphc::grammar {

struct expr;
struct operand;

// The binary operators, one rule each so that the tree says which.
struct plus_op : sym<'+'> {};
struct minus_op : sym<'-'> {};
struct times_op : sym<'*'> {};
struct divide_op : sym<'/'> {};
struct modulo_op : sym<'%'> {};

// `(` and `)` around a subexpression.
struct paren_open : sym<'('> {};
struct paren_close : sym<')'> {};

// What is inside a parenthesis, a call, a cast or a negation: a rule of its own, so that
// the front end can bound how deeply they nest.
struct nested_expr : seq<expr> {};
struct nested_args;
struct nested_operand : seq<operand> {};

// `( expr )`.
struct parenthesized : if_must<paren_open, nested_expr, paren_close> {};

// A name in an expression: a const, param or buffer.
struct name_ref : seq<name> {};

// `,` between the arguments of a call.
struct call_comma : sym<','> {};

// `)` after the arguments of a call.
struct call_close : sym<')'> {};

// The function of a call, and its `(`: `ceil_div(`, `min(`, `max(`. Which functions exist
// is checked after parsing.
struct call_name : seq<word> {};
struct call_open : seq<call_name, one<'('>, skip> {};

// The arguments of a call, possibly none.
struct nested_args : opt<expr, star_must<call_comma, expr>> {};

// `f(a, b, ...)`, a function applied to its arguments.
struct call : seq<call_open, nested_args, must<call_close>> {};

// `(` after the type of a cast, and the `)` after its one operand.
struct cast_open : sym<'('> {};
struct cast_close : sym<')'> {};

// `T(x)`: the value x converted to the scalar type T, like a C++ functional cast.
struct cast_type : seq<scalar_type, skip> {};
struct cast : if_must<cast_type, cast_open, nested_expr, cast_close> {};

// A reserved word used as an operand: an error at the word.
struct reserved_operand : seq<at<reserved_word>, raise<reserved_name>> {};

// `-x`: negation, which binds tighter than any binary operator (`-a * b` is `(-a) * b`).
struct negate_op : sym<'-'> {};
struct negation : if_must<negate_op, nested_operand> {};

// One operand of a binary operator.
struct operand : sor<negation, number, cast, call, reserved_operand, name_ref, parenthesized> {};

// Operands joined by `*`, `/` and `%`, from left to right.
struct product : seq<operand, star<sor<times_op, divide_op, modulo_op>, must<operand>>> {};

// Products joined by `+` and `-`, from left to right: a whole expression.
struct expr : seq<product, star<sor<plus_op, minus_op>, must<product>>> {};

}  // namespace graphc::grammar

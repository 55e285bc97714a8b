// The lexical level of the .graph language: whitespace and comments, identifiers,
// reserved words, numbers, strings and punctuation.
//
// Every token consumes the whitespace and comments that follow it (`skip`), so a rule
// always starts at the first character of a token: a rule that fails at its first token
// fails where the offending text begins, which is where a syntax error points.
#pragma once

#include <tao/pegtl.hpp>

namespace graphc::grammar {

using namespace tao::pegtl;

// `// ...` up to and including the end of the line (or the end of the file).
struct line_comment : seq<two<'/'>, until<eolf>> {};

// `/*`, the opening of a block comment; block comments do not nest, as in C++.
struct block_comment_open : string<'/', '*'> {};

// A `/*` with no `*/` after it; a rule of its own so that it has an error message.
struct unterminated_comment : block_comment_open {};

// `/* ... */`. An unterminated one is an error at its `/*`.
struct block_comment
    : sor<seq<block_comment_open, until<string<'*', '/'>>>, seq<at<block_comment_open>, raise<unterminated_comment>>> {
};

// Whitespace and comments between tokens (possibly none).
struct skip : star<sor<plus<space>, line_comment, block_comment>> {};

// A punctuation token: the character(s), then the whitespace after them. Each use in the
// grammar derives its own rule from this, so that it has its own error message.
template <char... Cs>
struct sym : seq<string<Cs...>, skip> {};

// A keyword token: the word (not followed by an identifier character), then whitespace.
template <char... Cs>
struct kw : seq<keyword<Cs...>, skip> {};

// Words that cannot name a const, param, buffer, node or graph: the declaration keywords,
// the scalar types, the memory spaces, the words inside declarations, and the keywords of
// the language's later declarations (so that a graph written today keeps its meaning).
struct reserved_word
    : sor<TAO_PEGTL_KEYWORD("module"), TAO_PEGTL_KEYWORD("graph"), TAO_PEGTL_KEYWORD("const"),
          TAO_PEGTL_KEYWORD("param"), TAO_PEGTL_KEYWORD("buffer"), TAO_PEGTL_KEYWORD("view"),
          TAO_PEGTL_KEYWORD("kernel"),
          TAO_PEGTL_KEYWORD("copy"), TAO_PEGTL_KEYWORD("memset"), TAO_PEGTL_KEYWORD("host"),
          TAO_PEGTL_KEYWORD("empty"), TAO_PEGTL_KEYWORD("bytes"), TAO_PEGTL_KEYWORD("fill"),
          TAO_PEGTL_KEYWORD("iota"), TAO_PEGTL_KEYWORD("device"), TAO_PEGTL_KEYWORD("managed"),
          TAO_PEGTL_KEYWORD("pageable"),
          TAO_PEGTL_KEYWORD("i8"), TAO_PEGTL_KEYWORD("i16"), TAO_PEGTL_KEYWORD("i32"), TAO_PEGTL_KEYWORD("i64"),
          TAO_PEGTL_KEYWORD("u8"), TAO_PEGTL_KEYWORD("u16"), TAO_PEGTL_KEYWORD("u32"), TAO_PEGTL_KEYWORD("u64"),
          TAO_PEGTL_KEYWORD("f16"), TAO_PEGTL_KEYWORD("bf16"), TAO_PEGTL_KEYWORD("f32"), TAO_PEGTL_KEYWORD("f64"), TAO_PEGTL_KEYWORD("char"),
          TAO_PEGTL_KEYWORD("import"), TAO_PEGTL_KEYWORD("cond"), TAO_PEGTL_KEYWORD("event"),
          TAO_PEGTL_KEYWORD("record"), TAO_PEGTL_KEYWORD("wait"), TAO_PEGTL_KEYWORD("alloc"),
          TAO_PEGTL_KEYWORD("free"), TAO_PEGTL_KEYWORD("call"), TAO_PEGTL_KEYWORD("capture"), TAO_PEGTL_KEYWORD("if"), TAO_PEGTL_KEYWORD("else"),
          TAO_PEGTL_KEYWORD("while"), TAO_PEGTL_KEYWORD("switch"), TAO_PEGTL_KEYWORD("case"), TAO_PEGTL_KEYWORD("nullptr"), TAO_PEGTL_KEYWORD("for")> {};

// A reserved word where a name is expected; a rule of its own for its error message.
struct reserved_name : reserved_word {};

// Any identifier, reserved or not: where the word is checked after parsing (a type, a
// memory space, a function in an expression).
struct word : seq<identifier, skip> {};

// A user's name: an identifier that is not a reserved word. A reserved word here is an
// error at the word, not a mismatch, so that `buffer const : ...` says why.
struct name : sor<seq<at<reserved_word>, raise<reserved_name>>, seq<identifier, skip>> {};

// A number as C++ preprocesses it (a pp-number): a digit (or `.` and a digit), then
// digits, letters, `_`, `.` and exponent signs, but not `..` (a loop's range, `0..L`). Its form, suffix and range are checked
// after parsing, so that `12abc` or an overflowing literal get their own diagnostic.
struct number
    : seq<opt<one<'.'>>, digit, star<sor<seq<one<'e', 'E', 'p', 'P'>, one<'+', '-'>>, identifier_other, seq<one<'.'>, not_at<one<'.'>>>>>,
          skip> {};

// The opening quote of a string.
struct string_open : one<'"'> {};

// A `"` with no closing `"` on its line; a rule of its own for its error message.
struct unterminated_string : string_open {};

// `"text"` on one line, without escapes (a file path). Unterminated: an error at the `"`.
struct string_literal
    : seq<sor<seq<string_open, star<not_one<'"', '\n', '\r'>>, one<'"'>>, seq<at<string_open>, raise<unterminated_string>>>,
          skip> {};

// `::` in a C++ name.
struct cpp_scope : two<':'> {};

// Characters inside a template argument list other than angle brackets; a list ends at
// the end of its line.
struct template_arg_char : not_one<'<', '>', ';', '{', '}', '\n', '\r'> {};

// `<...>` after a C++ name, with nested `<...>`, kept as text. What follows the `<` is a
// rule of its own, so that the front end can bound how deeply lists nest.
struct template_args;
struct template_args_body : seq<star<sor<template_args, template_arg_char>>, one<'>'>> {};
struct template_args : seq<one<'<'>, template_args_body> {};

// A function as C++ spells it: `axpy`, `::axpy`, `ns::scale<float, 4>`. A template argument
// list never starts with `<<<`, which opens the launch configuration.
struct cpp_name
    : seq<opt<cpp_scope>, identifier, star<cpp_scope, identifier>, opt<not_at<three<'<'>>, template_args>, skip> {};

}  // namespace graphc::grammar

// Scalar types and memory spaces.
#pragma once

#include "lexical.hpp"

namespace graphc::grammar {

// The scalar types, as keywords: what a cast such as `i64(x)` starts with.
struct scalar_type
    : sor<TAO_PEGTL_KEYWORD("i8"), TAO_PEGTL_KEYWORD("i16"), TAO_PEGTL_KEYWORD("i32"), TAO_PEGTL_KEYWORD("i64"),
          TAO_PEGTL_KEYWORD("u8"), TAO_PEGTL_KEYWORD("u16"), TAO_PEGTL_KEYWORD("u32"), TAO_PEGTL_KEYWORD("u64"),
          TAO_PEGTL_KEYWORD("f16"), TAO_PEGTL_KEYWORD("bf16"), TAO_PEGTL_KEYWORD("f32"), TAO_PEGTL_KEYWORD("f64"), TAO_PEGTL_KEYWORD("char")> {};

// The type of a param or of a buffer's elements. Any word is accepted here and checked
// after parsing, so that a misspelt type gets "unknown type" and a suggestion.
struct type_name : seq<word> {};

// The memory space of a buffer (device, host, managed); checked after parsing, like a type.
struct space_name : seq<word> {};

}  // namespace graphc::grammar

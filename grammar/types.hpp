// Scalar types and memory spaces.
#pragma once

#include "lexical.hpp"

namespace graphc::grammar {

// The scalar types, as keywords: what a cast such as `i64(x)` starts with.
inline constexpr std::string_view scalar_type_words[] = {"i8",  "i16", "i32",  "i64", "u8",  "u16", "u32",
                                                         "u64", "f16", "bf16", "f32", "f64", "char"};
inline constexpr word_set<32> scalar_type_set{scalar_type_words};
struct scalar_type : word_of<scalar_type_set> {};

// The type of a param or of a buffer's elements. Any word is accepted here and checked
// after parsing, so that a misspelt type gets "unknown type" and a suggestion.
struct type_name : seq<word> {};

// The memory space of a buffer (device, host, managed); checked after parsing, like a type.
struct space_name : seq<word> {};

}  // namespace graphc::grammar

// Struct declarations at the top of a file: `struct SaxpyArgs { x : f32*; n : i32; }`, the
// C structs that kernels take by value (an aggregate argument `SaxpyArgs{x, n}`).
#pragma once

#include "lexical.hpp"
#include "types.hpp"

namespace graphc::grammar {

// `name : type;` or `name : type*;`: a scalar field, or a pointer to elements of the type.
struct field_name : seq<name> {};
struct field_colon : sym<':'> {};
struct field_pointer : sym<'*'> {};
struct field_end : sym<';'> {};
struct struct_field : seq<field_name, must<field_colon, type_name>, opt<field_pointer>, must<field_end>> {};

// `struct NAME { fields }`: NAME is the C++ name of the user's struct (`SaxpyArgs`,
// `ns::Args`), checked after parsing.
struct kw_struct : kw<'s', 't', 'r', 'u', 'c', 't'> {};
struct struct_name : seq<cpp_name> {};
struct struct_open : sym<'{'> {};
struct struct_close : sym<'}'> {};
struct struct_decl : seq<kw_struct, must<struct_name, struct_open>, star<struct_field>, must<struct_close>> {};

}  // namespace graphc::grammar

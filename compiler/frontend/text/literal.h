// Number literals with C++'s types: `1024` i32 (i64 when it does not fit), `1024u` u32,
// `1024l`/`1024ll` i64, `1024ul`/`1024ull` u64, `0x10`, `0b101`, `2.0f` f32, `2.0` f64.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "ir/types.h"

namespace graphc::frontend::text {

/// Why a number is not a valid literal ("does not fit in u64", "unknown suffix 'x'").
struct LiteralError {
  std::string reason;
};

/// Reads one number as lexed by grammar::number (a C++ pp-number). The type is the one
/// C++ gives the literal on an LP64 target, where long is 64 bits.
std::variant<ir::Scalar, LiteralError> parse_literal(std::string_view text);

}  // namespace graphc::frontend::text

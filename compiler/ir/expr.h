// Expressions: integer and float arithmetic on literals, consts and params, with
// ceil_div, min, max and typed casts such as i64(1024).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/types.h"
#include "source/source.h"

namespace graphc::ir {

struct Expr {
  enum class Kind : std::uint8_t {
    literal,  // `literal` holds the value with its C++ literal type (1024 i32, 2.0f f32, 2.0 f64, ...)
    name,     // `name`: a const, param, buffer or other declared name
    negate,   // -operands[0]
    add, sub, mul, div, mod,  // operands[0] op operands[1]
    call,     // `name`(operands...): ceil_div, min, max
    cast,     // `cast_type`(operands[0]), e.g. i64(1024)
  };

  Kind kind = Kind::literal;
  Scalar literal;
  std::string name;
  ScalarType cast_type = ScalarType::i32;
  std::vector<Expr> operands;
  SourceRange range;
};

}  // namespace graphc::ir

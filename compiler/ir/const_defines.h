// Consts given a value from outside the file (`graphc --define B=8`, LoadOptions::defines):
// one file serves several shapes (a batch size, a model's width), each checked, built and
// generated as if the file said so. A define replaces the value of every const of its name
// as the front end reads the declaration, so `for` loops expanded with the const see it too.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "ir/graph.h"

namespace graphc::ir {

/// Const name -> the literal that replaces its value.
using ConstDefines = std::map<std::string, Scalar, std::less<>>;

/// Gives `c` the value `defines` holds for its name, if any, as a literal at the place of
/// the value it replaces (where a diagnostic about the value points).
inline void apply_define(Const& c, const ConstDefines& defines) {
  const auto defined = defines.find(c.name);
  if (defined == defines.end()) return;
  Expr literal;
  literal.kind = Expr::Kind::literal;
  literal.literal = defined->second;
  literal.range = c.value.range;
  c.value = std::move(literal);
}

}  // namespace graphc::ir

// IR expressions and other syntax as the text language writes them, so that parsing the
// text gives the IR back: literals with their C++ type (`1024`, `1024u`, `1024ll`, `2.0f`,
// `2.0`), the fewest parentheses the precedence needs, casts and calls as written.
#pragma once

#include <string>

#include "ir/graph.h"

namespace graphc::backend {

/// `expr` in the text language.
std::string expr_text(const ir::Expr& expr);

/// A literal of `value.type` that the text front end reads back as the same value and type.
std::string literal_text(const ir::Scalar& value);

/// `buf` or `buf[offset:length]`, with the offset and length as written.
std::string slice_text(const ir::BufferSlice& slice);

/// A kernel or call argument as written: `@g`, `nullptr` or its expression.
std::string arg_text(const ir::KernelArg& arg);

/// A param's default as written: `2.0f`, `float4{1, 2, 3, 4}`; empty for none.
std::string param_default_text(const ir::Param& param);

/// A kernel launch attribute as written: `cooperative`, `cluster(2, 1, 1)`.
std::string attribute_text(const ir::KernelAttribute& attribute);

}  // namespace graphc::backend

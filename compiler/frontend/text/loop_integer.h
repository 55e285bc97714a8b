// The integers a `for` loop needs while the front end expands it: its bounds and the
// indices of node names (`layer[i + 1]`), folded before the validator runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace graphc::frontend::text {

/// Folds `expr` (loop variables already replaced by their values) to an integer in the
/// int32 range: integer literals, the `consts` declared before it, unary `-`, `+ - * / %`,
/// ceil_div, exact_div, min, max and integer casts. Nullopt otherwise, with `why` saying what is not
/// allowed (a param or buffer, a float, an overflow, a division by zero) and `at` where.
std::optional<std::int64_t> fold_loop_integer(const ir::Expr& expr, const std::vector<ir::Const>& consts,
                                              std::string& why, SourceRange& at);

}  // namespace graphc::frontend::text

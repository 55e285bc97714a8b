// Constant evaluation: folds an expression of literals, consts, operators, ceil_div,
// min, max and casts to a typed value with C++ semantics (arithmetic.h).
//
// Consts are folded on first use, in any order; a const defined in terms of itself is
// E0216. A failure is reported once, where it happens: an expression that uses a const
// which failed fails silently, so one mistake gives one diagnostic.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "sema/scope.h"

namespace graphc::sema {

/// Reports why a declared name that is not a compile-time constant (a param, buffer or
/// node) cannot appear where it does. Folding fails after it.
using NonConstantHandler = std::function<void(const ir::Expr& name, Entity entity)>;

class Folder {
 public:
  Folder(ir::Graph& graph, const Scope& scope, DiagEngine& diags);

  /// Folds every const of the graph into Const::folded.
  void fold_consts();
  /// The folded value of const `index`, folding it on first use.
  std::optional<ir::Scalar> const_value(std::uint32_t index);

  /// Folds a constant expression; nullopt when it failed. Without a handler, a param is
  /// E0201 and a buffer or node E0104.
  std::optional<ir::Scalar> fold(const ir::Expr& expr, const NonConstantHandler& on_non_constant = {});
  /// Folds and requires an integer: E0204 saying "`what` must be an integer" otherwise.
  std::optional<ir::Scalar> fold_integer(const ir::Expr& expr, std::string_view what,
                                         const NonConstantHandler& on_non_constant = {});

 private:
  enum class State : std::uint8_t { pending, active, done, failed };

  std::optional<ir::Scalar> eval(const ir::Expr& expr, const NonConstantHandler& handler);
  std::optional<ir::Scalar> eval_name(const ir::Expr& expr, const NonConstantHandler& handler);
  std::optional<ir::Scalar> eval_binary(const ir::Expr& expr, const NonConstantHandler& handler);
  std::optional<ir::Scalar> eval_call(const ir::Expr& expr, const NonConstantHandler& handler);
  std::optional<ir::Scalar> eval_cast(const ir::Expr& expr, const NonConstantHandler& handler);
  void report_cycle(std::uint32_t index);

  ir::Graph& graph_;
  const Scope& scope_;
  DiagEngine& diags_;
  std::vector<State> states_;          // one per const
  std::vector<std::uint32_t> active_;  // the consts being folded, outermost first
};

}  // namespace graphc::sema

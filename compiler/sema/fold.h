// Constant evaluation: folds an expression of literals, consts, operators, ceil_div,
// exact_div, min, max, casts and world_size(comm) to a typed value with C++ semantics (arithmetic.h);
// rank(comm) is never a constant (E1112).
//
// Consts are folded on first use, in any order; a const defined in terms of itself is
// E0216. A failure is reported once, where it happens: an expression that uses a const
// which failed fails silently, so one mistake gives one diagnostic.
//
// A folder never changes its graph: analyze folds with the params' defaults, and the
// runtime folds the same expressions again with the values Instance::set gives them.
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

/// What a declared name that is not a compile-time constant (a param, buffer or node)
/// stands for where it appears: a value, or nullopt after reporting why it cannot appear
/// there (folding fails then).
using NonConstantHandler = std::function<std::optional<ir::Scalar>(const ir::Expr& name, Entity entity)>;

class Folder {
 public:
  Folder(const ir::Graph& graph, const Scope& scope, DiagEngine& diags);

  /// The folded value of const `index`, folding it on first use.
  std::optional<ir::Scalar> const_value(std::uint32_t index);

  /// The value param `id` stands for under params_allowed: its folded default
  /// (Param::folded_default) until set_param_value gives it another.
  const ir::Scalar& param_value(ir::ParamId id) const;
  /// `value` must already have the param's type.
  void set_param_value(ir::ParamId id, const ir::Scalar& value);
  /// A handler under which the graph's params may appear, its scalar parameters
  /// (`graph g(n : i32)`) included, each standing for param_value() and added to `used`
  /// (once, in order of first use). A parameter that set_param_value has not given a value
  /// (the graph folded on its own: each call gives one) is added to `used` and folds to
  /// nothing, silently, as does the expression around it; check_call_config folds the
  /// node again per call. Another kind of name is reported as without a handler.
  NonConstantHandler params_allowed(std::vector<ir::ParamId>& used);

  /// The communicator `call` (`world_size(tp)`, `rank(tp)`) names as its one operand, or
  /// nullopt after reporting why it names none (E0217 for the count, E1111 for an
  /// expression, E0101 for an unknown name, E0104 for another kind of name).
  std::optional<ir::CommId> comm_operand(const ir::Expr& call);

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
  std::optional<ir::Scalar> eval_world_size(const ir::Expr& expr);
  std::optional<ir::Scalar> eval_rank(const ir::Expr& expr);
  std::optional<ir::Scalar> eval_cast(const ir::Expr& expr, const NonConstantHandler& handler);
  void report_cycle(std::uint32_t index);
  void report_non_constant(const ir::Expr& expr, Entity entity);

  const ir::Graph& graph_;
  const Scope& scope_;
  DiagEngine& diags_;
  std::vector<State> states_;                            // one per const
  std::vector<ir::Scalar> values_;                       // one per const: its value once done
  std::vector<std::optional<ir::Scalar>> param_values_;  // one per param: set_param_value's
  std::vector<std::uint32_t> active_;                    // the consts being folded, outermost first
};

}  // namespace graphc::sema

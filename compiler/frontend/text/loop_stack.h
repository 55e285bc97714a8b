// The `for` loops around the items a front end is building (text: `for i in 0..L { ... }`,
// YAML: an entry of a `loops` list), and their rules, each error reported once however
// often the loops around it repeat it: E0017, E0018, E0115, E0116 and E0227.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::frontend::text {

/// The value a loop's variable has in the iteration being built.
struct LoopValue {
  std::string name;
  std::int64_t value = 0;
  SourceRange range;  // the variable where the loop declares it
};

class LoopStack {
 public:
  /// Each iteration's copies get a file id of their own in `sources`
  /// (SourceManager::add_iteration), so diagnostics at them name the iteration.
  LoopStack(DiagEngine& diags, SourceManager& sources) : diags_(diags), sources_(sources) {}

  /// The variables of the loops around what is built, outermost first; an expression that
  /// names one stands for its value, a literal.
  const std::vector<LoopValue>& values() const { return values_; }

  /// `expr` folded to an integer (fold_loop_integer with `consts`); nullopt after E0227,
  /// which names the value as `what` ("the end of the loop's range").
  std::optional<std::int64_t> integer(const ir::Expr& expr, const std::vector<ir::Const>& consts,
                                      std::string_view what);

  /// Calls `items` once per value of `variable` from `first` to `last` (excluded), in
  /// order, with the variable in values(), passing the iteration's file id for the copies'
  /// ranges. Calls nothing after E0115 (the variable hides a
  /// const, param or buffer of `graph` or an enclosing loop's variable), E0017 (an empty
  /// range) or E0018 (more than ir::kMaxNodes copies with the loops around it).
  /// `bounds` covers `first..last`.
  void repeat(const ir::Graph& graph, const std::string& variable, SourceRange variable_range, std::int64_t first,
              std::int64_t last, SourceRange bounds, const std::function<void(FileId)>& items);

  /// For a node named `name` (at `range`, without an index): false outside loops of more
  /// than one iteration; else E0116, reported in the first iteration, where the node is
  /// kept, and true (leave the node out) in every later one.
  bool repeats_unindexed(std::string_view name, SourceRange range);

  /// A node's name where it is declared or named in an edge: `base`, or `base[index]`
  /// with the index folded, `layer_3` (`layer_m1` for -1). With an index that does not
  /// fold (E0227), `written`.
  std::string node_name(std::string_view base, const std::optional<ir::Expr>& index,
                        const std::vector<ir::Const>& consts, std::string_view written);

 private:
  // A LoopStack reads one file, whose iterations have file ids of their own: a position
  // is its offset.
  bool once(SourceRange range) { return reported_.insert(range.begin).second; }
  bool shadows(const ir::Graph& graph, const std::string& variable, SourceRange range);

  DiagEngine& diags_;
  SourceManager& sources_;
  std::vector<LoopValue> values_;
  std::vector<bool> first_values_;    // per loop: whether its variable has its first value
  std::int64_t iterations_ = 1;       // how many times the items being built are repeated
  std::set<std::uint32_t> reported_;  // the positions of errors reported
};

}  // namespace graphc::frontend::text

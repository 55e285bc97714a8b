#include "frontend/text/loop_stack.h"

#include <algorithm>

#include "frontend/text/loop_integer.h"
#include "ir/limits.h"

namespace graphc::frontend::text {

std::optional<std::int64_t> LoopStack::integer(const ir::Expr& expr, const std::vector<ir::Const>& consts,
                                               std::string_view what) {
  std::string why;
  SourceRange at;
  const auto value = fold_loop_integer(expr, consts, why, at);
  if (!value && once(expr.range)) diags_.report(DiagCode::loop_integer, at, what, why);
  return value;
}

void LoopStack::repeat(const ir::Graph& graph, const std::string& variable, SourceRange variable_range,
                       std::int64_t first, std::int64_t last, SourceRange bounds,
                       const std::function<void(FileId)>& items) {
  if (shadows(graph, variable, variable_range)) return;
  if (last <= first) {
    if (once(bounds)) diags_.report(DiagCode::empty_loop, bounds, variable, first, last);
    return;
  }
  const std::int64_t count = last - first;
  if (count * iterations_ > static_cast<std::int64_t>(ir::kMaxNodes)) {
    if (once(bounds)) diags_.report(DiagCode::loop_too_long, bounds, variable, count * iterations_, ir::kMaxNodes);
    return;
  }
  const std::int64_t outer = iterations_;
  iterations_ *= count;
  for (std::int64_t value = first; value < last; ++value) {
    values_.push_back(LoopValue{variable, value, variable_range});
    first_values_.push_back(value == first);
    items(sources_.add_iteration(variable_range, variable, value));
    first_values_.pop_back();
    values_.pop_back();
  }
  iterations_ = outer;
}

// E0115, with a note at the declaration the variable would hide.
bool LoopStack::shadows(const ir::Graph& graph, const std::string& variable, SourceRange range) {
  const auto declared = [&variable](const auto& list) -> const SourceRange* {
    const auto it = std::find_if(list.begin(), list.end(), [&variable](const auto& e) { return e.name == variable; });
    return it == list.end() ? nullptr : &it->name_range;
  };
  const auto loop =
      std::find_if(values_.begin(), values_.end(), [&](const LoopValue& v) { return v.name == variable; });
  const char* kind = nullptr;
  const SourceRange* at = nullptr;
  if (loop != values_.end()) {
    kind = "loop variable";
    at = &loop->range;
  } else if ((at = declared(graph.consts))) {
    kind = "const";
  } else if ((at = declared(graph.params))) {
    kind = "param";
  } else if ((at = declared(graph.buffers))) {
    kind = "buffer";
  }
  if (kind == nullptr) return false;
  if (once(range)) {
    diags_.report(DiagCode::loop_variable_shadows, range, variable, kind, variable)
        .note<NoteCode::declared_kind_here>(*at, kind, variable);
  }
  return true;
}

bool LoopStack::repeats_unindexed(std::string_view name, SourceRange range) {
  if (iterations_ == 1) return false;
  const bool first = std::all_of(first_values_.begin(), first_values_.end(), [](bool b) { return b; });
  if (first) {
    // The rendered diagnostic names the loops around it (their iterations' notes).
    diags_.report(DiagCode::unindexed_loop_node, range, name, iterations_, name, values_.back().name);
  }
  return !first;
}

std::string LoopStack::node_name(std::string_view base, const std::optional<ir::Expr>& index,
                                 const std::vector<ir::Const>& consts, std::string_view written) {
  if (!index) return std::string(base);
  const auto value = integer(*index, consts, "the index of '" + std::string(base) + "'");
  if (!value) return std::string(written);
  // Appended piece by piece: GCC 12 at -O3 reports `"m" + std::string` as -Wrestrict, a
  // known false positive.
  std::string name(base);
  name += *value < 0 ? "_m" : "_";
  name += std::to_string(*value < 0 ? -*value : *value);
  return name;
}

}  // namespace graphc::frontend::text

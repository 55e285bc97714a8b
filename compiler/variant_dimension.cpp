#include "variant_dimension.h"

#include <algorithm>

#include <fmt/format.h>

namespace graphc {

std::optional<std::int64_t> VariantDimension::holding(std::int64_t n) const {
  const auto it = std::lower_bound(values.begin(), values.end(), n);
  if (it == values.end()) return std::nullopt;
  return *it;
}

std::string VariantDimension::listed() const { return fmt::format("{{{}}}", fmt::join(values, ", ")); }

std::string VariantDimension::in_variants(const std::vector<std::int64_t>& of) const {
  constexpr std::string_view format = note_formats[static_cast<std::size_t>(NoteCode::in_variants)];
  return fmt::format(fmt::runtime(format), name, fmt::join(of, ", "), listed());
}

namespace {

// The values of `c`, checked (E0124 at the first that is no positive integer literal or does
// not ascend); nullopt after an error.
std::optional<std::vector<std::int64_t>> checked_values(const ir::Const& c, DiagEngine& diags) {
  std::vector<std::int64_t> values;
  for (const ir::Expr& e : c.variants) {
    const auto bad = [&](const std::string& why) {
      diags.report(DiagCode::variant_value, e.range, c.name, why);
      return std::nullopt;
    };
    if (e.kind != ir::Expr::Kind::literal || e.literal.is_float()) {
      return bad("a value is an integer literal, such as 8");
    }
    const std::int64_t v = e.literal.integer;
    if (v <= 0) return bad(fmt::format("value {} is not positive", v));
    if (!values.empty() && v <= values.back()) {
      return bad(fmt::format("value {} does not follow {}: the values ascend", v, values.back()));
    }
    values.push_back(v);
  }
  return values;
}

}  // namespace

std::optional<VariantDimension> find_variant_dimension(const ir::Module& module, DiagEngine& diags) {
  const ir::Const* first = nullptr;
  bool ok = true;
  for (const ir::Graph& graph : module.graphs) {
    for (const ir::Const& c : graph.consts) {
      if (c.variants.empty()) continue;
      if (first != nullptr) {
        diags.report(DiagCode::second_variant, c.name_range, c.name)
            .note<NoteCode::variant_declared_here>(first->name_range, first->name);
        ok = false;
        continue;
      }
      first = &c;
    }
  }
  if (first == nullptr || !ok) return std::nullopt;
  std::optional<std::vector<std::int64_t>> values = checked_values(*first, diags);
  if (!values) return std::nullopt;
  VariantDimension dimension{first->name, std::move(*values), first->range, 0};  // 0: no value (E0123)
  if (first->value.kind == ir::Expr::Kind::literal && !first->value.literal.is_float()) {
    dimension.value = first->value.literal.integer;
  }
  return dimension;
}

bool check_variant_value(const VariantDimension& dimension, const std::string& how, DiagEngine& diags) {
  if (std::binary_search(dimension.values.begin(), dimension.values.end(), dimension.value)) return true;
  diags.report(DiagCode::variant_not_declared, dimension.range, how, dimension.name, dimension.listed());
  return false;
}

}  // namespace graphc

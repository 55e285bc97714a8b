// A file's variant dimension (`variant B in {1, 2, 4, 8};`): a const that takes each of its
// values in turn, so that one file describes a graph per value (a batch size), each checked,
// built and generated as if `--define B=value` had been given. compile_file builds the
// value a define or `--variant` picks, else the largest; compile_variants builds them all.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc {

struct VariantDimension {
  std::string name;
  std::vector<std::int64_t> values;  // ascending
  SourceRange range;                 // the declaration
  std::int64_t value = 0;            // the value this compilation is for

  /// The smallest value that holds `n` (n <= value): the variant a launch of `n` items takes;
  /// nullopt past the largest.
  std::optional<std::int64_t> holding(std::int64_t n) const;
  /// "{1, 2, 4, 8}".
  std::string listed() const;
  /// The note naming the variants of `values` (notes.def's in_variants): "in variant B = 1, 2
  /// (of {1, 2, 4, 8})".
  std::string in_variants(const std::vector<std::int64_t>& values) const;
};

/// The variant dimension `module` declares, its values checked: positive integer literals in
/// ascending order (E0124 at the first that is not), one declaration in the file and its
/// imports (E0125 at a second, with a note at the first). `value` is the const's value as the
/// front end left it (the largest, or a define's), not yet checked against the values
/// (check_variant_value). nullopt when the module declares none or one is in error.
std::optional<VariantDimension> find_variant_dimension(const ir::Module& module, DiagEngine& diags);

/// E0123 unless the value `dimension` is compiled for (a define's) is one of its values;
/// `how` is what picked it ("--define B=3").
bool check_variant_value(const VariantDimension& dimension, const std::string& how, DiagEngine& diags);

}  // namespace graphc

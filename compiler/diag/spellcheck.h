// "Did you mean": the closest name by edit distance.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace graphc {

/// Edit distance between two names: insertions, deletions, substitutions and swaps of two
/// neighbouring characters (`grdi` is one edit from `grid`) each count one.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `name`, if it is close enough to be a likely typo
/// (distance at most max(1, len/3)); ties go to the candidate whose trailing number is
/// nearest `name`'s where both end in one after the same text (`layer_8`: `layer_7`), else
/// to the earliest candidate.
std::optional<std::string> closest_name(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace graphc

// "Did you mean": the closest name by edit distance.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace graphc {

/// Levenshtein distance between two names.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `name`, if it is close enough to be a likely typo
/// (distance at most max(1, len/3)); ties go to the earliest candidate.
std::optional<std::string> closest_name(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace graphc

// A profile's runs summed per node: the rows of `graphc run --profile`'s table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graphc/base/profile.h"

namespace graphc::profile {

/// One node's runs over all the profile's launches.
struct NodeTotal {
  std::string node;  // NodeRun::node: "k", "call/k"
  std::string kind;
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::uint32_t count = 0;     // runs, over all launches (a WHILE body's node: iterations x launches)
  std::uint64_t total_ns = 0;  // device time of those runs
  double mean_ns() const { return count == 0 ? 0.0 : static_cast<double>(total_ns) / count; }
};

/// Every node that ran, by total device time, longest first (ties by name).
std::vector<NodeTotal> node_totals(const Profile& profile);

/// Mean device time per launch of the node at `path` (the sum of its runs over the
/// launches, divided by their number); 0 for a node that never ran.
double per_launch_ns(const std::vector<NodeTotal>& totals, const std::string& path, std::uint32_t launches);

}  // namespace graphc::profile

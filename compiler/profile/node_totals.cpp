#include "profile/node_totals.h"

#include <algorithm>
#include <map>

namespace graphc::profile {

std::vector<NodeTotal> node_totals(const Profile& profile) {
  std::map<std::string, NodeTotal> by_node;
  for (const NodeRun& run : profile.runs) {
    NodeTotal& total = by_node[run.node];
    if (total.count == 0) total = {run.node, run.kind, run.file, run.line, run.column, 0, 0};
    ++total.count;
    total.total_ns += run.duration_ns();
  }
  std::vector<NodeTotal> totals;
  for (auto& [node, total] : by_node) totals.push_back(std::move(total));
  std::stable_sort(totals.begin(), totals.end(),
                   [](const NodeTotal& a, const NodeTotal& b) { return a.total_ns > b.total_ns; });
  return totals;
}

double per_launch_ns(const std::vector<NodeTotal>& totals, const std::string& path, std::uint32_t launches) {
  const auto found =
      std::find_if(totals.begin(), totals.end(), [&](const NodeTotal& total) { return total.node == path; });
  if (found == totals.end() || launches == 0) return 0.0;
  return static_cast<double>(found->total_ns) / launches;
}

}  // namespace graphc::profile

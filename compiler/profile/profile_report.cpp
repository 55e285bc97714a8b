#include "profile/profile_report.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "profile/critical_path.h"
#include "profile/node_totals.h"

namespace graphc::profile {
namespace {

double us(double ns) { return ns / 1000.0; }

// The table's rows as columns, each padded to its widest cell: the first `text_columns`
// left-aligned, the numbers after them right-aligned; each line after `indent`.
std::string table(const std::vector<std::vector<std::string>>& rows, std::size_t text_columns,
                  std::string_view indent = "") {
  std::vector<std::size_t> width(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line(indent);
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c != 0) line += "  ";
      line += c < text_columns ? fmt::format("{:<{}}", row[c], width[c]) : fmt::format("{:>{}}", row[c], width[c]);
    }
    while (line.ends_with(' ')) line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string profile_report(const ir::Module& module, const ir::Graph& graph, const Profile& profile) {
  const double launches = std::max<double>(profile.launches, 1);
  const double launch_ns = std::accumulate(profile.launch_ns.begin(), profile.launch_ns.end(), 0.0) / launches;
  std::string out =
      fmt::format("profile of graph '{}' ({}), {} launch{}: {:.1f} us per launch on the device\n", profile.graph,
                  profile.file, profile.launches, profile.launches == 1 ? "" : "es", us(launch_ns));
  const double overhead = profile.plain_launch_us > 0 ? profile.profiled_launch_us / profile.plain_launch_us - 1 : 0;
  out += fmt::format(
      "profiler overhead: {:.1f} us per launch with CUPTI recording, {:.1f} us without ({:+.1f}%; cudaEvent around "
      "each launch)\n\n",
      profile.profiled_launch_us, profile.plain_launch_us, overhead * 100);

  std::vector<std::vector<std::string>> rows{{"node", "kind", "source", "count", "total us", "mean us", "share"}};
  for (const NodeTotal& total : node_totals(profile)) {
    rows.push_back(
        {total.node, total.kind, fmt::format("{}:{}", total.file, total.line), std::to_string(total.count),
         fmt::format("{:.1f}", us(static_cast<double>(total.total_ns))), fmt::format("{:.1f}", us(total.mean_ns())),
         fmt::format("{:.1f}%",
                     launch_ns > 0 ? 100.0 * static_cast<double>(total.total_ns) / launches / launch_ns : 0.0)});
  }
  out += table(rows, 3);
  if (profile.unmapped_runs != 0) {
    out += fmt::format("{} run{} not attributed to a node: {}\n", profile.unmapped_runs,
                       profile.unmapped_runs == 1 ? "" : "s", profile.unmapped_reason);
  }

  const CriticalPath path = critical_path(module, graph, profile);
  out += fmt::format("\ncritical path: {:.1f} us of device time per launch, {:.1f}% of the launch's {:.1f} us\n",
                     us(path.length_ns), launch_ns > 0 ? 100.0 * path.length_ns / launch_ns : 0.0, us(launch_ns));
  out += fmt::format("  {}\n", fmt::join(path.nodes, " -> "));
  if (!path.gaps.empty() || !path.iteration_gaps.empty()) {
    out += "idle gaps between its nodes (mean per launch; launch latency between dependent nodes):\n";
    std::vector<std::vector<std::string>> gaps{{"from", "to", "gap us"}};
    for (const Gap& gap : path.gaps) gaps.push_back({gap.from, gap.to, fmt::format("{:.2f}", us(gap.mean_ns))});
    for (const Gap& gap : path.iteration_gaps) {
      gaps.push_back({gap.from, gap.to + " (next iterations)", fmt::format("{:.2f}", us(gap.mean_ns))});
    }
    gaps.push_back({"total", "", fmt::format("{:.2f}", us(path.gaps_ns()))});
    out += table(gaps, 2, "  ");
  }
  return out;
}

}  // namespace graphc::profile

// The critical path of a profiled graph: the chain of dependent nodes whose device times
// set the launch's length, and the idle gaps the launch pays between them.
#pragma once

#include <string>
#include <vector>

#include "graphc/base/profile.h"
#include "ir/graph.h"

namespace graphc::profile {

/// The idle time between two consecutive nodes of the path: from the end of `from` to the
/// start of `to`, the mean over launches (and iterations, for two nodes of one loop body).
/// Negative when `to` started before `from` ended (a programmatic edge).
struct Gap {
  std::string from;
  std::string to;
  double mean_ns = 0;
};

struct CriticalPath {
  /// The nodes that ran (NodeRun::node paths), in dependency order: the longest chain by
  /// each node's device time per launch, through call nodes (their graph's own longest
  /// chain) and conditional nodes (their longest body's; a loop body's nodes weigh all
  /// their iterations). Nodes that run no device work (host, event, empty) weigh nothing
  /// and are left out.
  std::vector<std::string> nodes;
  double length_ns = 0;   // the sum of their device times per launch
  std::vector<Gap> gaps;  // between consecutive nodes of `nodes`
  /// For each WHILE body on the path: from its last node on the path to its first in the
  /// next iteration (the conditional node's relaunch of its body), summed over a launch's
  /// iterations; the mean over launches.
  std::vector<Gap> iteration_gaps;
  /// All of the idle time along the path: `gaps` and `iteration_gaps`.
  double gaps_ns() const;
};

/// The critical path of `profile`, a profile of graph `graph` of `module` (an analyzed
/// module: resolved edges and calls).
CriticalPath critical_path(const ir::Module& module, const ir::Graph& graph, const Profile& profile);

}  // namespace graphc::profile

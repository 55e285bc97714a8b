// `graphc run --profile`'s report: the per-node table, the critical path against the
// launch's measured length, the idle gaps along it, and the profiler's own overhead.
#pragma once

#include <string>

#include "graphc/base/profile.h"
#include "ir/graph.h"

namespace graphc::profile {

/// The report of `profile`, a profile of graph `graph` of `module` (analyzed). Times in
/// microseconds; a node's share is its device time over the launches' (concurrent nodes'
/// shares add up to more than 100%).
std::string profile_report(const ir::Module& module, const ir::Graph& graph, const Profile& profile);

}  // namespace graphc::profile

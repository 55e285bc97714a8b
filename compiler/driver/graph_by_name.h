// The graph a command line names (--graph NAME of dot and run).
#pragma once

#include <string>

#include "ir/graph.h"

namespace graphc::driver {

/// The graph `name` of `module`, its own or an imported one. For a name that is none of
/// them, prints "graphc: error: 'FILE' has no graph 'NAME'; did you mean 'X'?" (or the
/// list of its graphs) and returns nullptr.
const ir::Graph* graph_by_name(const ir::Module& module, const std::string& name);

}  // namespace graphc::driver

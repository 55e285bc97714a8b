// How diagnostics name the graph or conditional body a node or cond is in.
#pragma once

#include <string>

#include "ir/graph.h"

namespace graphc::sema {

/// "in graph 'g'", "in the body of while 'loop'", "in the else body of if 'check'",
/// "in case 2 of switch 'pick'".
std::string body_location(const ir::Graph& graph, ir::BodyId body);

}  // namespace graphc::sema

// What the C++ back end cannot generate yet, found before anything is written.
#pragma once

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::backend {

/// Reports E0218 for every node that a param configures (Node::config_params: a launch
/// configuration, a copy or memset slice, a copy size or a memset value), with a note at
/// the param: the generated set_NAME() would leave such a node as the param's default
/// configured it, a silently wrong graph. Returns whether the module can be generated.
bool check_cpp_support(const ir::Module& module, DiagEngine& diags);

}  // namespace graphc::backend

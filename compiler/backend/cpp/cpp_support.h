// What the C++ back end cannot generate yet, found before anything is written.
#pragma once

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::backend {

/// Reports E0218 for every node that a param configures through an f16 or bf16 value (the
/// param's type, or a memset's element type), with a note at the param: the generated
/// code computes configurations with C++'s standard arithmetic types
/// (graphc/generated_config.h). Returns whether the module can be generated.
bool check_cpp_support(const ir::Module& module, DiagEngine& diags);

}  // namespace graphc::backend

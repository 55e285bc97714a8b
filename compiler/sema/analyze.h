// Semantic analysis: the validator.
//
// Passes, in order: resolve_names (every name to its declaration, with "did you mean"),
// fold (constant expressions to typed values; launch dimensions, slices, copy sizes,
// memset values, initial contents), then the rule families, one file each
// (check_structure, check_launch_config, check_copies, ...). Every rule reports through
// DiagEngine with its code from graphc/base/codes.def.
#pragma once

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::sema {

/// Fills every "resolved" field of the module and reports every rule violation.
/// Returns true when no error was reported (warnings allowed).
bool analyze(ir::Module& module, const SourceManager& sources, DiagEngine& diags);

}  // namespace graphc::sema

// The layout checks of the structs a module declares: the generated .cu sees the user's
// structs through the kernels' .cu modules and asserts that each has the size and field
// offsets of its declaration in the .graph file, which the runtime packs by (the C ABI).
// A struct the user changed then fails to compile, saying which, instead of passing
// other bytes on the runtime's path.
#pragma once

#include "backend/cpp/code_writer.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::backend {

/// Writes `static_assert(sizeof(::S) == 24, "...");` and one `offsetof` assertion per
/// field for every struct of `module` (nothing when it declares none). The .cu must
/// include <cstddef> and the modules that declare the structs first.
void write_struct_checks(CodeWriter& out, const ir::Module& module, const SourceManager& sources);

}  // namespace graphc::backend

// IR -> the canonical text form of a graph file: what `graphc convert x.yaml -o x.graph`
// writes. Declarations first (consts, params, buffers, events, conds), then nodes, each
// body nested under its conditional node, then edges one per line; four spaces per level.
// It writes the syntax the front end read (expressions as written), so the text front end
// reads back the same IR. Deterministic. The last step is graphc fmt's own layout
// (format/format_text.h), so a statement past the column limit is broken over lines as fmt
// breaks it, and `graphc fmt --check` passes on what convert writes.
#pragma once

#include <string>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::backend {

/// The text form of the declarations of file `file` in `module` (its own modules, imports
/// and graphs). `module` must have analyzed without errors. The optimiser's synthetic nodes
/// and their edges are not declarations, and are left out.
std::string emit_text(const ir::Module& module, FileId file);

}  // namespace graphc::backend

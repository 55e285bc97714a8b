// IR -> the YAML form of a graph file (docs/yaml.md): what `graphc convert x.graph -o
// x.yaml` writes. It writes the syntax the front end read (expressions as written, not
// folded), so the YAML front end reads back the same IR. Deterministic.
#pragma once

#include <string>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::backend {

/// The YAML form of the declarations of file `file` in `module` (its own modules, imports
/// and graphs; imported files' graphs are theirs to convert). `module` must have analyzed
/// without errors. The optimiser's synthetic nodes and their edges are not declarations,
/// and are left out.
std::string emit_yaml(const ir::Module& module, FileId file);

}  // namespace graphc::backend

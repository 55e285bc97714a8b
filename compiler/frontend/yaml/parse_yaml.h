// The YAML front end: a `.yaml` / `.yml` graph file -> IR (syntax fields only; sema resolves
// the rest), the same IR the text front end makes for the same graph. The form is in
// docs/yaml.md and grammar/graph.schema.json.
#pragma once

#include "diag/diagnostic.h"
#include "ir/const_defines.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::frontend {

/// Parses one YAML file (not the files it imports). A YAML syntax error is E0006 at its
/// line and column and stops there; the shape of the document is checked as it is read
/// (E0007-E0011), and expressions, slices, names and functions inside scalars are read
/// with the text grammar (E0001). Module and import paths are resolved relative to the
/// file's folder.
/// `defines` replace the values of the consts they name (ir/const_defines.h).
ir::Module parse_yaml(SourceManager& sources, FileId file, DiagEngine& diags, const ir::ConstDefines& defines = {});

}  // namespace graphc::frontend

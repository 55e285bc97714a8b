// The text front end: a .graph file -> IR (syntax fields only; sema resolves the rest).
#pragma once

#include "diag/diagnostic.h"
#include "ir/const_defines.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::frontend {

/// Parses one .graph file, not the files it imports (frontend/imports.h loads those).
/// Syntax errors are reported as E0001 at the offending token with the expectation from
/// grammar/errors.hpp; parsing stops at the first syntax error. Module and import paths are
/// resolved relative to the file's folder. Each iteration of a `for` loop adds a file id
/// for its copies to `sources` (SourceManager::add_iteration).
/// `defines` replace the values of the consts they name (ir/const_defines.h).
ir::Module parse_text(SourceManager& sources, FileId file, DiagEngine& diags, const ir::ConstDefines& defines = {});

}  // namespace graphc::frontend

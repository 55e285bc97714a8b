// Turns a yaml-cpp parse error (YAML::ParserException) into E0006 in plain words, at the
// text that is wrong: a tab in a line's indentation, a line whose indentation fits no block
// above it, a flow map or list that is never closed; yaml-cpp's own message otherwise.
#pragma once

#include <yaml-cpp/exceptions.h>

#include "diag/diagnostic.h"
#include "source/source.h"

namespace graphc::frontend::yaml {

void report_yaml_syntax_error(const SourceFile& source, FileId file, const YAML::Exception& e, DiagEngine& diags);

}  // namespace graphc::frontend::yaml

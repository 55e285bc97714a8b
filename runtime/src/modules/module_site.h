// Where a `module` declaration is, for the diagnostics of loading it.
#pragma once

#include <string>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::detail {

struct ModuleSite {
  const SourceManager& sources;
  const ir::ModuleDecl& decl;
  const std::string& graph_path;  // the .graph file, for diagnostics with no range
};

}  // namespace graphc::detail

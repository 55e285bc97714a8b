// A deterministic text dump of the IR (`graphc check --emit=ir`), used by golden tests
// and the YAML/text equivalence tests. Source ranges are printed as line:col.
#pragma once

#include <string>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::ir {

/// The whole module, resolved fields included; one element per line, indented by scope.
std::string dump(const Module& module, const SourceManager& sources);

}  // namespace graphc::ir

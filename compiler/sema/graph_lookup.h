// A graph named by another graph (`@g`, `call n : g`), found in the module or reported.
#pragma once

#include <optional>
#include <string_view>

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::sema {

/// The graph `name` of `module`, or E0110 at `range` with the closest graph's name as a
/// suggestion.
std::optional<ir::GraphId> find_graph_or_report(const ir::Module& module, DiagEngine& diags, SourceRange range,
                                                std::string_view name);

}  // namespace graphc::sema

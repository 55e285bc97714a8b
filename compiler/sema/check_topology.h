// Placement against the machine a graph is checked for (`graphc check --topology FILE`,
// ir/device_topology.h), before anything runs: every device a buffer or a kernel node is
// placed on, and every peer a buffer grants access, is one of the machine's (E1206), and each
// peer reaches the memory it is granted (E1207: cudaDeviceCanAccessPeer says no). Without a
// topology the runtime finds the same as it builds the graph (R0072, R0074).
#pragma once

#include <string>

#include "diag/diagnostic.h"
#include "ir/device_topology.h"
#include "ir/graph.h"

namespace graphc::sema {

/// Checks the placements of every graph of the analyzed `module` against `topology`, read
/// from `origin` (the file named in the diagnostics).
void check_topology(const ir::Module& module, const ir::DeviceTopology& topology, const std::string& origin,
                    DiagEngine& diags);

}  // namespace graphc::sema

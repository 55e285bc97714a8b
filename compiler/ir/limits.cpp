#include "ir/limits.h"

namespace graphc::ir {

bool GraphLimits::node_fits(SourceRange at) {
  if (graph_.nodes.size() < kMaxNodes) return true;
  if (!nodes_reported_) diags_.report(DiagCode::too_many_nodes, at, graph_.name, kMaxNodes);
  nodes_reported_ = true;
  return false;
}

bool GraphLimits::edges_fit(std::size_t count, SourceRange at) {
  if (count <= kMaxEdges - graph_.edges.size()) return true;
  if (!edges_reported_) diags_.report(DiagCode::too_many_edges, at, graph_.name, kMaxEdges);
  edges_reported_ = true;
  return false;
}

}  // namespace graphc::ir

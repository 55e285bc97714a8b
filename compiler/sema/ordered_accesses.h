// The race analysis's fast path: whether every two nodes of a scope (a graph, or one body)
// that touch the same root buffer, one writing, are ordered by a path of edges, whatever
// parts of the buffer they touch. That is stricter than a race (which needs the parts to
// overlap), so when it holds the scope has no race, and when it does not the exact
// analysis (check_races.cpp) decides. It is linear in practice: per buffer, each accessor
// in topological order needs a path from the last writer before it, and a writer from the
// readers since that writer too (the older accessors are ordered before those by the
// checks made at them); each path is looked for backwards, no further back than the
// earliest node it must reach.
#pragma once

#include <cstddef>
#include <vector>

#include "ir/graph.h"
#include "sema/memory_access.h"
#include "sema/scope_graph.h"

namespace graphc::sema {

/// Whether every two of `accessors` (nodes of `scope`, a scope of `graph`, with their
/// `accesses`) that touch the same root buffer, at least one writing it, are ordered by
/// edges of the scope. False also when the search would take more than a bounded amount of
/// work (a few times nodes plus edges), so that the caller's exact analysis runs instead.
bool accesses_ordered(const ir::Graph& graph, const ScopeGraph& scope, const std::vector<std::size_t>& accessors,
                      const std::vector<std::vector<MemoryAccess>>& accesses);

}  // namespace graphc::sema

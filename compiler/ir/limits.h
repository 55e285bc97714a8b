// How large one graph may be. The front ends stop adding to a graph at these limits, so no
// input, however hostile, makes the IR (or the CUDA graph) larger, and the 16 MiB file
// limit (kMaxGraphFileBytes) keeps everything else proportionate.
#pragma once

#include <cstddef>

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::ir {

/// The most nodes one graph may hold, its conditional bodies' nodes included.
inline constexpr std::size_t kMaxNodes = 65536;
/// The most edges one graph may hold; a group edge `{a, b} -> {c, d}` is one per pair.
inline constexpr std::size_t kMaxEdges = 262144;
/// The most nodes one graph may instantiate: its own, and through each call node those of
/// the graph it calls, and theirs (sema/check_instantiated_nodes.cpp, E0020). Calls
/// multiply, so without it a file of a few hundred bytes describes billions of nodes.
inline constexpr std::size_t kMaxInstantiatedNodes = std::size_t{1} << 20;
/// The most calls nested in each other (a graph calling a graph calling ...), as bodies and
/// loops nest at most 64 deep (E0021): every walk through calls, in the compiler, the
/// runtime and the generated code, then stays shallow.
inline constexpr std::size_t kMaxCallDepth = 64;

/// What a front end consults before adding nodes or edges to `graph`: whether they fit,
/// reporting the first node past kMaxNodes (E0015) and the first edges past kMaxEdges
/// (E0016) once each.
class GraphLimits {
 public:
  GraphLimits(const Graph& graph, DiagEngine& diags) : graph_(graph), diags_(diags) {}

  /// Whether one more node fits; if not, reports E0015 at `at` (the first time).
  bool node_fits(SourceRange at);
  /// Whether `count` more edges fit; if not, reports E0016 at `at` (the first time).
  bool edges_fit(std::size_t count, SourceRange at);

 private:
  const Graph& graph_;
  DiagEngine& diags_;
  bool nodes_reported_ = false;
  bool edges_reported_ = false;
};

}  // namespace graphc::ir

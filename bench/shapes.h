// The graph shapes the benchmarks build: the same nodes and edges as `.graph` text (for
// graphc) and as an edge list (for the hand-written explicit-API baseline).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace graphc::bench {

enum class Shape {
  chain,         // 0 -> 1 -> ... -> n-1
  chains4,       // 4 independent chains of n/4, joined by a common root and sink
  fork_join128,  // root -> 128 nodes -> join, repeated (each join the next root)
  implied4,      // a chain that also carries the edges it implies: i -> j for j - i <= 4
  implied16,     // the same for j - i <= 16
  roots128,      // 128 independent chains: 128 roots and 128 leaves
};

/// "chain", "chains4", ...
const char* shape_name(Shape shape);

/// `n` empty kernel nodes (k0 .. k(n-1), all running `noop`) and their edges, in the order
/// they are written.
struct ShapeGraph {
  Shape shape;
  std::size_t nodes = 0;
  std::vector<std::pair<std::size_t, std::size_t>> edges;  // from -> to, from < to
};

ShapeGraph make_shape(Shape shape, std::size_t n);

/// The graph as `.graph` text: graph `g`, one `kernel kI : noop<<<1, 32>>>();` per node,
/// one `kA -> kB;` per edge.
std::string graph_text(const ShapeGraph& graph);

}  // namespace graphc::bench

#include "shapes.h"

#include <algorithm>

#include <fmt/format.h>

namespace graphc::bench {

const char* shape_name(Shape shape) {
  switch (shape) {
    case Shape::chain: return "chain";
    case Shape::chains4: return "chains4";
    case Shape::fork_join128: return "fork_join128";
    case Shape::implied4: return "implied4";
    case Shape::implied16: return "implied16";
    case Shape::roots128: return "roots128";
  }
  return "?";
}

namespace {

// `count` parallel chains of `length` nodes from node `first` on, chain c being nodes
// first + c * length ... first + c * length + length - 1.
void add_chains(ShapeGraph& g, std::size_t first, std::size_t count, std::size_t length) {
  for (std::size_t c = 0; c < count; ++c) {
    for (std::size_t j = 1; j < length; ++j) g.edges.emplace_back(first + c * length + j - 1, first + c * length + j);
  }
}

// A chain of all the nodes with every edge i -> j for 0 < j - i <= span.
void add_implied_chain(ShapeGraph& g, std::size_t span) {
  for (std::size_t i = 0; i < g.nodes; ++i) {
    for (std::size_t j = i + 1; j < std::min(g.nodes, i + span + 1); ++j) g.edges.emplace_back(i, j);
  }
}

// Nodes [from, n) chained after node from - 1.
void add_tail(ShapeGraph& g, std::size_t from) {
  for (std::size_t i = from; i < g.nodes; ++i) g.edges.emplace_back(i - 1, i);
}

}  // namespace

ShapeGraph make_shape(Shape shape, std::size_t n) {
  ShapeGraph g{shape, n, {}};
  switch (shape) {
    case Shape::chain: add_chains(g, 0, 1, n); break;
    case Shape::chains4: {  // root, 4 chains, sink; leftover nodes trail the sink
      const std::size_t length = (n - 2) / 4;
      add_chains(g, 1, 4, length);
      const std::size_t sink = 1 + 4 * length;
      for (std::size_t c = 0; c < 4; ++c) {
        g.edges.emplace_back(0, 1 + c * length);
        g.edges.emplace_back(c * length + length, sink);
      }
      add_tail(g, sink + 1);
      break;
    }
    case Shape::fork_join128: {
      std::size_t root = 0;
      while (root + 1 < n) {
        const std::size_t remaining = n - root - 1;
        if (remaining == 1) {  // no room for a fork and its join
          g.edges.emplace_back(root, root + 1);
          break;
        }
        const std::size_t width = std::min<std::size_t>(128, remaining - 1);
        const std::size_t join = root + width + 1;
        for (std::size_t w = 1; w <= width; ++w) {
          g.edges.emplace_back(root, root + w);
          g.edges.emplace_back(root + w, join);
        }
        root = join;
      }
      break;
    }
    case Shape::implied4: add_implied_chain(g, 4); break;
    case Shape::implied16: add_implied_chain(g, 16); break;
    case Shape::roots128: {  // leftover nodes trail the last chain
      const std::size_t count = std::min<std::size_t>(128, n);
      const std::size_t length = n / count;
      add_chains(g, 0, count, length);
      add_tail(g, count * length);
      break;
    }
  }
  return g;
}

std::string graph_text(const ShapeGraph& graph) {
  std::string text = "graph g {\n";
  for (std::size_t i = 0; i < graph.nodes; ++i) text += fmt::format("    kernel k{} : noop<<<1, 32>>>();\n", i);
  for (const auto& [from, to] : graph.edges) text += fmt::format("    k{} -> k{};\n", from, to);
  return text + "}\n";
}

}  // namespace graphc::bench

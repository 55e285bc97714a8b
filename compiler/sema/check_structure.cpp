// Structure: CUDA graphs are DAGs with at most one dependency between two nodes.
// A self edge is an error; a duplicate edge is a warning and is dropped from the IR (CUDA
// rejects duplicate dependencies); a cycle is an error naming its nodes in order (CUDA
// accepts cycles when nodes are added and fails only at instantiation, naming none).
// Each strongly connected component is reported once, as its shortest cycle through its
// first-declared node.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "sema/passes.h"

namespace graphc::sema {
namespace {

// The dependency graph over node indices, from the resolved edges that survived: node n's
// successors are [first[n], first[n + 1]) of `successors`, in edge order.
struct Adjacency {
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> successors;

  std::span<const std::uint32_t> of(std::uint32_t n) const {
    return {successors.data() + first[n], first[n + 1] - first[n]};
  }
  std::size_t nodes() const { return first.size() - 1; }
};

// The resolved edges other than self edges, grouped by their source node (counting sort):
// per node, from first[node], the indices of its edges in `edges`.
struct EdgesBySource {
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> edges;
};

bool counted(const ir::Edge& edge) { return edge.from_id.valid() && edge.to_id.valid() && edge.from_id != edge.to_id; }

EdgesBySource group_by_source(const std::vector<ir::Edge>& edges, std::size_t nodes) {
  EdgesBySource out;
  out.first.assign(nodes + 1, 0);
  for (const ir::Edge& edge : edges) {
    if (counted(edge)) ++out.first[edge.from_id.value + 1];
  }
  for (std::size_t n = 0; n < nodes; ++n) out.first[n + 1] += out.first[n];
  out.edges.resize(out.first.back());
  std::vector<std::uint32_t> next(out.first.begin(), out.first.end() - 1);
  for (std::uint32_t e = 0; e < edges.size(); ++e) {
    if (counted(edges[e])) out.edges[next[edges[e].from_id.value]++] = e;
  }
  return out;
}

// Drops duplicate edges (W0301, at each later copy, with a note at the first) and reports
// self edges (E0302); returns the adjacency of the remaining resolved edges, self edges
// left out. Duplicates are found per source node, its edges sorted by target (then by
// order); the edges kept move down in place.
Adjacency dedupe_edges(GraphContext& ctx) {
  std::vector<ir::Edge>& edges = ctx.graph.edges;
  for (const ir::Edge& edge : edges) {
    if (edge.from_id.valid() && edge.from_id == edge.to_id)
      ctx.diags.report(DiagCode::self_edge, edge.range, edge.from);
  }
  EdgesBySource by_source = group_by_source(edges, ctx.graph.nodes.size());
  std::vector<bool> duplicate(edges.size(), false);
  bool any = false;
  for (std::size_t n = 0; n < ctx.graph.nodes.size(); ++n) {
    const auto begin = by_source.edges.begin() + by_source.first[n];
    const auto end = by_source.edges.begin() + by_source.first[n + 1];
    if (end - begin < 2) continue;
    std::sort(begin, end, [&](std::uint32_t a, std::uint32_t b) {
      return edges[a].to_id.value != edges[b].to_id.value ? edges[a].to_id.value < edges[b].to_id.value : a < b;
    });
    for (auto it = begin + 1, first = begin; it != end; ++it) {
      if (edges[*it].to_id != edges[*first].to_id) {
        first = it;
        continue;
      }
      const ir::Edge& edge = edges[*it];
      ctx.diags.report(DiagCode::duplicate_edge, edge.range, edge.from, edge.to)
          .note<NoteCode::first_given_here>(edges[*first].range);
      duplicate[*it] = true;
      any = true;
    }
  }
  if (any) {
    std::size_t kept = 0;
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if (duplicate[e]) continue;
      if (kept != e) edges[kept] = std::move(edges[e]);
      ++kept;
    }
    edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(kept), edges.end());
  }
  // Each node's successors in edge order again (the sort above reordered them).
  by_source = group_by_source(edges, ctx.graph.nodes.size());
  Adjacency adjacency;
  adjacency.first = std::move(by_source.first);
  adjacency.successors.resize(by_source.edges.size());
  for (std::size_t k = 0; k < by_source.edges.size(); ++k)
    adjacency.successors[k] = edges[by_source.edges[k]].to_id.value;
  return adjacency;
}

// Tarjan's strongly connected components, iteratively (a long chain must not overflow
// the stack). Returns the components of two or more nodes.
std::vector<std::vector<std::uint32_t>> cyclic_components(const Adjacency& adjacency) {
  const std::size_t n = adjacency.nodes();
  constexpr std::uint32_t unvisited = UINT32_MAX;
  std::vector<std::uint32_t> index(n, unvisited);
  std::vector<std::uint32_t> low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<std::uint32_t> stack;
  std::vector<std::pair<std::uint32_t, std::size_t>> frames;  // node, next successor to visit
  std::vector<std::vector<std::uint32_t>> components;
  std::uint32_t counter = 0;

  auto enter = [&](std::uint32_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = true;
    frames.emplace_back(v, 0);
  };
  for (std::uint32_t root = 0; root < n; ++root) {
    if (index[root] != unvisited) continue;
    enter(root);
    while (!frames.empty()) {
      const std::uint32_t v = frames.back().first;
      const std::size_t next = frames.back().second++;
      if (next < adjacency.of(v).size()) {
        const std::uint32_t w = adjacency.of(v)[next];
        if (index[w] == unvisited) {
          enter(w);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      frames.pop_back();
      if (!frames.empty()) low[frames.back().first] = std::min(low[frames.back().first], low[v]);
      if (low[v] != index[v]) continue;
      if (stack.back() == v) {  // a component of one node: no cycle
        stack.pop_back();
        on_stack[v] = false;
        continue;
      }
      std::vector<std::uint32_t> component;
      std::uint32_t w = 0;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        component.push_back(w);
      } while (w != v);
      if (component.size() > 1) components.push_back(std::move(component));
    }
  }
  return components;
}

// The shortest cycle through `start` inside `component`, as nodes start, ..., start.
std::vector<std::uint32_t> shortest_cycle(const Adjacency& adjacency, const std::vector<std::uint32_t>& component,
                                          std::uint32_t start) {
  std::unordered_map<std::uint32_t, std::uint32_t> parent;  // visited node -> its predecessor on the path
  std::vector<bool> inside(adjacency.nodes(), false);
  for (const std::uint32_t n : component) inside[n] = true;
  std::deque<std::uint32_t> queue{start};
  while (!queue.empty()) {
    const std::uint32_t u = queue.front();
    queue.pop_front();
    for (const std::uint32_t v : adjacency.of(u)) {
      if (v == start) {
        std::vector<std::uint32_t> cycle{start};
        for (std::uint32_t at = u; at != start; at = parent.at(at)) cycle.push_back(at);
        cycle.push_back(start);
        std::reverse(cycle.begin(), cycle.end());
        return cycle;
      }
      if (inside[v] && !parent.contains(v)) {
        parent.emplace(v, u);
        queue.push_back(v);
      }
    }
  }
  return {};  // unreachable for a strongly connected component
}

void report_cycles(GraphContext& ctx, const Adjacency& adjacency) {
  std::vector<std::vector<std::uint32_t>> components = cyclic_components(adjacency);
  if (components.empty()) return;
  // Where each edge is written, for the notes (duplicates are gone: one edge per pair).
  std::unordered_map<std::uint64_t, SourceRange> edge_range;
  for (const ir::Edge& edge : ctx.graph.edges) {
    if (counted(edge)) edge_range.emplace(std::uint64_t{edge.from_id.value} << 32 | edge.to_id.value, edge.range);
  }
  for (auto& component : components) std::sort(component.begin(), component.end());
  std::sort(components.begin(), components.end());  // by first-declared node: deterministic
  for (const auto& component : components) {
    const std::vector<std::uint32_t> cycle = shortest_cycle(adjacency, component, component.front());
    std::string text;
    for (std::size_t i = 0; i < cycle.size(); ++i) text += (i ? " -> " : "") + ctx.graph.nodes[cycle[i]].name;
    Diagnostic& d = ctx.diags.report(DiagCode::cycle, ctx.graph.nodes[cycle.front()].name_range, ctx.graph.name, text);
    for (std::size_t i = 0; i + 1 < cycle.size(); ++i) {
      d.note<NoteCode::depends_on_here>(edge_range.at(std::uint64_t{cycle[i]} << 32 | cycle[i + 1]),
                                        ctx.graph.nodes[cycle[i + 1]].name, ctx.graph.nodes[cycle[i]].name);
    }
  }
}

}  // namespace

void check_structure(GraphContext& ctx) {
  const Adjacency adjacency = dedupe_edges(ctx);
  report_cycles(ctx, adjacency);
}

}  // namespace graphc::sema

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
// successors are [first[n], first[n + 1]) of `successors`.
struct Adjacency {
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> successors;
  std::unordered_map<std::uint64_t, SourceRange> edge_range;  // by edge_key

  std::span<const std::uint32_t> of(std::uint32_t n) const {
    return {successors.data() + first[n], first[n + 1] - first[n]};
  }
  std::size_t nodes() const { return first.size() - 1; }
};

std::uint64_t edge_key(std::uint32_t from, std::uint32_t to) { return std::uint64_t{from} << 32 | to; }

// Drops duplicate edges (W0301) and reports self edges (E0302); returns the adjacency of
// the remaining resolved edges, self edges left out. The edges kept move down in place.
Adjacency dedupe_edges(GraphContext& ctx) {
  Adjacency adjacency;
  adjacency.edge_range.reserve(ctx.graph.edges.size());
  adjacency.first.assign(ctx.graph.nodes.size() + 1, 0);
  std::vector<ir::Edge>& edges = ctx.graph.edges;
  std::size_t kept = 0;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const ir::Edge& edge = edges[e];
    if (edge.from_id.valid() && edge.to_id.valid()) {
      if (edge.from_id == edge.to_id) {
        ctx.diags.report(DiagCode::self_edge, edge.range, edge.from);
      } else {
        const auto [it, inserted] =
            adjacency.edge_range.emplace(edge_key(edge.from_id.value, edge.to_id.value), edge.range);
        if (!inserted) {
          ctx.diags.report(DiagCode::duplicate_edge, edge.range, edge.from, edge.to).note(it->second, "first given here");
          continue;
        }
        ++adjacency.first[edge.from_id.value + 1];
      }
    }
    if (kept != e) edges[kept] = std::move(edges[e]);
    ++kept;
  }
  edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(kept), edges.end());
  for (std::size_t n = 0; n < adjacency.nodes(); ++n) adjacency.first[n + 1] += adjacency.first[n];
  adjacency.successors.resize(adjacency.first.back());
  std::vector<std::uint32_t> next(adjacency.first.begin(), adjacency.first.end() - 1);
  for (const ir::Edge& edge : ctx.graph.edges) {
    if (edge.from_id.valid() && edge.to_id.valid() && edge.from_id != edge.to_id) {
      adjacency.successors[next[edge.from_id.value]++] = edge.to_id.value;
    }
  }
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
  for (auto& component : components) std::sort(component.begin(), component.end());
  std::sort(components.begin(), components.end());  // by first-declared node: deterministic
  for (const auto& component : components) {
    const std::vector<std::uint32_t> cycle = shortest_cycle(adjacency, component, component.front());
    std::string text;
    for (std::size_t i = 0; i < cycle.size(); ++i) text += (i ? " -> " : "") + ctx.graph.nodes[cycle[i]].name;
    Diagnostic& d =
        ctx.diags.report(DiagCode::cycle, ctx.graph.nodes[cycle.front()].name_range, ctx.graph.name, text);
    for (std::size_t i = 0; i + 1 < cycle.size(); ++i) {
      d.note(adjacency.edge_range.at(edge_key(cycle[i], cycle[i + 1])), "'{}' depends on '{}' here",
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

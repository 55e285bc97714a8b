#include "ir/creation_order.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace graphc::ir {

std::vector<std::vector<Dependency>> dependencies(const Graph& graph) {
  std::vector<std::vector<Dependency>> deps(graph.nodes.size());
  for (const Edge& edge : graph.edges) {
    if (!edge.from_id.valid() || !edge.to_id.valid()) throw std::logic_error("back end: an edge is not resolved");
    std::vector<Dependency>& into = deps.at(edge.to_id.value);
    const bool seen = std::any_of(into.begin(), into.end(), [&](const Dependency& d) { return d.from == edge.from_id; });
    if (!seen) into.push_back({edge.from_id, edge.port});
  }
  return deps;
}

std::vector<NodeId> creation_order(const Graph& graph, const std::vector<std::vector<Dependency>>& deps, BodyId body) {
  const std::size_t count = graph.nodes.size();
  std::vector<std::size_t> waiting(count, 0);
  std::vector<std::vector<std::uint32_t>> successors(count);
  std::size_t members = 0;
  // (rank, node): the rank is the node's own index when the graph has no ranks.
  using Entry = std::pair<std::uint32_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> ready;
  const auto push = [&](std::uint32_t node) {
    ready.emplace(graph.creation_rank.empty() ? node : graph.creation_rank.at(node), node);
  };
  for (std::uint32_t to = 0; to < count; ++to) {
    if (graph.nodes[to].body != body) continue;
    ++members;
    waiting[to] = deps[to].size();
    for (const Dependency& d : deps[to]) successors.at(d.from.value).push_back(to);
    if (waiting[to] == 0) push(to);
  }
  std::vector<NodeId> order;
  order.reserve(members);
  while (!ready.empty()) {
    const std::uint32_t next = ready.top().second;
    ready.pop();
    order.push_back(NodeId{next});
    for (const std::uint32_t successor : successors[next]) {
      if (--waiting[successor] == 0) push(successor);
    }
  }
  if (order.size() != members) {
    throw std::logic_error(fmt::format("back end: graph '{}' has a cycle", graph.name));
  }
  return order;
}

}  // namespace graphc::ir

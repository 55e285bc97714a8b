#include "backend/cpp/creation_order.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <stdexcept>

#include <fmt/format.h>

namespace graphc::backend {

std::vector<std::vector<Dependency>> dependencies(const ir::Graph& graph) {
  std::vector<std::vector<Dependency>> deps(graph.nodes.size());
  for (const ir::Edge& edge : graph.edges) {
    if (!edge.from_id.valid() || !edge.to_id.valid()) throw std::logic_error("C++ back end: an edge is not resolved");
    std::vector<Dependency>& into = deps.at(edge.to_id.value);
    const bool seen = std::any_of(into.begin(), into.end(), [&](const Dependency& d) { return d.from == edge.from_id; });
    if (!seen) into.push_back({edge.from_id, edge.port});
  }
  return deps;
}

std::vector<ir::NodeId> creation_order(const ir::Graph& graph, const std::vector<std::vector<Dependency>>& deps) {
  const std::size_t count = graph.nodes.size();
  std::vector<std::size_t> waiting(count, 0);
  std::vector<std::vector<std::uint32_t>> successors(count);
  for (std::size_t to = 0; to < count; ++to) {
    waiting[to] = deps[to].size();
    for (const Dependency& d : deps[to]) successors.at(d.from.value).push_back(static_cast<std::uint32_t>(to));
  }
  std::priority_queue<std::uint32_t, std::vector<std::uint32_t>, std::greater<>> ready;
  for (std::size_t i = 0; i < count; ++i) {
    if (waiting[i] == 0) ready.push(static_cast<std::uint32_t>(i));
  }
  std::vector<ir::NodeId> order;
  order.reserve(count);
  while (!ready.empty()) {
    const std::uint32_t next = ready.top();
    ready.pop();
    order.push_back(ir::NodeId{next});
    for (const std::uint32_t successor : successors[next]) {
      if (--waiting[successor] == 0) ready.push(successor);
    }
  }
  if (order.size() != count) {
    throw std::logic_error(fmt::format("C++ back end: graph '{}' has a cycle", graph.name));
  }
  return order;
}

}  // namespace graphc::backend

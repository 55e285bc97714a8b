#include "ir/creation_order.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace graphc::ir {
namespace {

// The offsets of `count` slices from their sizes: first[i + 1] - first[i] == sizes[i].
std::vector<std::uint32_t> offsets(const std::vector<std::uint32_t>& sizes) {
  std::vector<std::uint32_t> first(sizes.size() + 1, 0);
  for (std::size_t i = 0; i < sizes.size(); ++i) first[i + 1] = first[i] + sizes[i];
  return first;
}

}  // namespace

CreationOrder::CreationOrder(const Graph& graph) {
  const auto count = static_cast<std::uint32_t>(graph.nodes.size());

  // Dependencies: every edge into its target's slice, in edge order, then each slice
  // without its repeated predecessors.
  std::vector<std::uint32_t> sizes(count, 0);
  for (const Edge& edge : graph.edges) {
    if (!edge.from_id.valid() || !edge.to_id.valid()) throw std::logic_error("back end: an edge is not resolved");
    ++sizes.at(edge.to_id.value);
  }
  std::vector<std::uint32_t> first = offsets(sizes);
  std::vector<Dependency> all(first.back());
  std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
  for (const Edge& edge : graph.edges) all[next[edge.to_id.value]++] = {edge.from_id, edge.port};
  std::vector<std::uint32_t> seen_by(count, UINT32_MAX);  // the node whose slice last listed it
  dependency_first_.assign(count + 1, 0);
  dependencies_.reserve(all.size());
  for (std::uint32_t to = 0; to < count; ++to) {
    for (std::uint32_t i = first[to]; i < first[to + 1]; ++i) {
      std::uint32_t& seen = seen_by.at(all[i].from.value);
      if (seen == to) continue;
      seen = to;
      dependencies_.push_back(all[i]);
    }
    dependency_first_[to + 1] = static_cast<std::uint32_t>(dependencies_.size());
  }

  // Successors, from the dependencies.
  std::fill(sizes.begin(), sizes.end(), 0);
  for (const Dependency& d : dependencies_) ++sizes[d.from.value];
  first = offsets(sizes);
  std::vector<std::uint32_t> successors(dependencies_.size());
  next.assign(first.begin(), first.end() - 1);
  for (std::uint32_t to = 0; to < count; ++to) {
    for (const Dependency& d : dependencies(NodeId{to})) successors[next[d.from.value]++] = to;
  }

  // Each group (the graph, then each body) in creation order: Kahn's algorithm over its
  // members, the ready node of lowest rank first.
  std::vector<std::uint32_t> group_size(graph.bodies.size() + 1, 0);
  const auto group_of = [&](std::uint32_t node) {
    return graph.nodes[node].body.valid() ? graph.nodes[node].body.value + 1 : 0;
  };
  for (std::uint32_t n = 0; n < count; ++n) ++group_size.at(group_of(n));
  group_first_ = offsets(group_size);
  std::vector<std::uint32_t> waiting(count);
  for (std::uint32_t n = 0; n < count; ++n) waiting[n] = dependency_first_[n + 1] - dependency_first_[n];
  std::vector<std::vector<std::uint32_t>> ready_in(group_size.size());  // the nodes ready at the start, per group
  for (std::uint32_t n = 0; n < count; ++n) {
    if (waiting[n] == 0) ready_in[group_of(n)].push_back(n);
  }
  order_.reserve(count);
  using Ready = std::pair<std::uint32_t, std::uint32_t>;  // (rank, node)
  std::vector<Ready> ready;
  const auto push = [&](std::uint32_t node) {
    ready.emplace_back(graph.creation_rank.empty() ? node : graph.creation_rank.at(node), node);
    std::push_heap(ready.begin(), ready.end(), std::greater<>());
  };
  for (std::size_t group = 0; group < group_size.size(); ++group) {
    for (const std::uint32_t n : ready_in[group]) push(n);
    while (!ready.empty()) {
      std::pop_heap(ready.begin(), ready.end(), std::greater<>());
      const std::uint32_t node = ready.back().second;
      ready.pop_back();
      order_.push_back(NodeId{node});
      for (std::uint32_t i = first[node]; i < first[node + 1]; ++i) {
        if (--waiting[successors[i]] == 0) push(successors[i]);
      }
    }
    if (order_.size() != group_first_[group + 1]) {
      throw std::logic_error(fmt::format("back end: graph '{}' has a cycle", graph.name));
    }
  }
}

}  // namespace graphc::ir

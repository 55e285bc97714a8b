#include "profile/critical_path.h"

#include <algorithm>
#include <map>
#include <variant>

#include "profile/node_totals.h"

namespace graphc::profile {
namespace {

struct Chain {
  double length_ns = 0;
  std::vector<std::string> nodes;
  std::vector<std::pair<std::string, std::string>> loops;  // per WHILE body on it: its last node, its first
};

class LongestChain {
 public:
  LongestChain(const ir::Module& module, const Profile& profile)
      : module_(module), totals_(node_totals(profile)), launches_(profile.launches) {}

  // The longest chain through the nodes of `body` of `graph` (the graph itself when
  // invalid), whose nodes' paths start with `prefix`.
  Chain of(const ir::Graph& graph, ir::BodyId body, const std::string& prefix) const {
    const std::size_t n = graph.nodes.size();
    std::vector<std::vector<std::size_t>> predecessors(n);
    std::vector<std::size_t> waiting(n, 0);
    for (const ir::Edge& edge : graph.edges) {
      if (edge.body != body) continue;
      predecessors[edge.to_id.value].push_back(edge.from_id.value);
      ++waiting[edge.to_id.value];
    }
    // Kahn's order over the scope's nodes, in IR order among the ready ones.
    std::vector<std::size_t> order;
    std::vector<bool> done(n, false);
    for (bool progress = true; progress;) {
      progress = false;
      for (std::size_t i = 0; i < n; ++i) {
        if (done[i] || graph.nodes[i].body != body || waiting[i] != 0) continue;
        done[i] = progress = true;
        order.push_back(i);
        for (const ir::Edge& edge : graph.edges) {
          if (edge.body == body && edge.from_id.value == i) --waiting[edge.to_id.value];
        }
      }
    }
    std::vector<Chain> best(n);
    Chain longest;
    for (const std::size_t i : order) {
      const Chain* before = nullptr;
      for (const std::size_t p : predecessors[i]) {
        if (before == nullptr || best[p].length_ns > before->length_ns) before = &best[p];
      }
      Chain chain = before != nullptr ? *before : Chain{};
      const Chain own = node(graph, graph.nodes[i], prefix);
      chain.length_ns += own.length_ns;
      chain.nodes.insert(chain.nodes.end(), own.nodes.begin(), own.nodes.end());
      chain.loops.insert(chain.loops.end(), own.loops.begin(), own.loops.end());
      if (chain.length_ns > longest.length_ns) longest = chain;
      best[i] = std::move(chain);
    }
    return longest;
  }

 private:
  // One node's own chain: a call's graph's longest, a conditional's longest body's, or the
  // node itself with its device time per launch.
  Chain node(const ir::Graph& graph, const ir::Node& node, const std::string& prefix) const {
    if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
      return of(module_.graph(call->graph_id), ir::BodyId{}, prefix + node.name + "/");
    }
    if (const auto* conditional = std::get_if<ir::ConditionalNode>(&node.op)) {
      Chain longest;
      for (const ir::BodyId body : conditional->bodies) {
        Chain chain = of(graph, body, prefix);
        if (chain.length_ns > longest.length_ns) longest = std::move(chain);
      }
      if (conditional->type == ir::ConditionalNode::Type::while_ && !longest.nodes.empty()) {
        longest.loops.emplace_back(longest.nodes.back(), longest.nodes.front());
      }
      return longest;
    }
    const std::string path = prefix + node.name;
    const double time = per_launch_ns(totals_, path, launches_);
    if (time <= 0) return {};
    return {time, {path}};
  }

  const ir::Module& module_;
  std::vector<NodeTotal> totals_;
  std::uint32_t launches_;
};

// The runs of each node in each launch, by iteration.
using RunsByNode = std::map<std::pair<std::string, std::uint32_t>, std::vector<const NodeRun*>>;

// The mean gap from `from`'s runs to `to`'s: run k to run k when both ran as often in a
// launch (two nodes of one loop body), else the last of `from` to the first of `to`.
Gap gap(const RunsByNode& runs, const std::string& from, const std::string& to, std::uint32_t launches) {
  double sum = 0;
  std::size_t pairs = 0;
  for (std::uint32_t launch = 0; launch < launches; ++launch) {
    const auto a = runs.find({from, launch});
    const auto b = runs.find({to, launch});
    if (a == runs.end() || b == runs.end()) continue;
    const auto& before = a->second;
    const auto& after = b->second;
    auto add = [&](const NodeRun* x, const NodeRun* y) {
      sum += static_cast<double>(y->start_ns) - static_cast<double>(x->end_ns);
      ++pairs;
    };
    if (before.size() == after.size()) {
      for (std::size_t k = 0; k < before.size(); ++k) add(before[k], after[k]);
    } else {
      add(before.back(), after.front());
    }
  }
  return {from, to, pairs == 0 ? 0.0 : sum / static_cast<double>(pairs)};
}

// From `last`'s run k to `first`'s run k + 1 in each launch (a loop body's end to its next
// iteration's start), summed over the launch; the mean over the launches where both ran.
Gap iteration_gap(const RunsByNode& runs, const std::string& last, const std::string& first, std::uint32_t launches) {
  double sum = 0;
  std::size_t counted = 0;
  for (std::uint32_t launch = 0; launch < launches; ++launch) {
    const auto ends = runs.find({last, launch});
    const auto starts = runs.find({first, launch});
    if (ends == runs.end() || starts == runs.end()) continue;
    ++counted;
    for (std::size_t k = 0; k + 1 < starts->second.size() && k < ends->second.size(); ++k) {
      sum += static_cast<double>(starts->second[k + 1]->start_ns) - static_cast<double>(ends->second[k]->end_ns);
    }
  }
  return {last, first, counted == 0 ? 0.0 : sum / static_cast<double>(counted)};
}

}  // namespace

double CriticalPath::gaps_ns() const {
  double sum = 0;
  for (const Gap& gap : gaps) sum += gap.mean_ns;
  for (const Gap& gap : iteration_gaps) sum += gap.mean_ns;
  return sum;
}

CriticalPath critical_path(const ir::Module& module, const ir::Graph& graph, const Profile& profile) {
  const Chain chain = LongestChain(module, profile).of(graph, ir::BodyId{}, "");
  CriticalPath path{chain.nodes, chain.length_ns, {}, {}};
  RunsByNode runs;
  for (const NodeRun& run : profile.runs) runs[{run.node, run.launch}].push_back(&run);  // runs are in start order
  for (std::size_t i = 1; i < path.nodes.size(); ++i) {
    path.gaps.push_back(gap(runs, path.nodes[i - 1], path.nodes[i], profile.launches));
  }
  for (const auto& [last, first] : chain.loops) {
    path.iteration_gaps.push_back(iteration_gap(runs, last, first, profile.launches));
  }
  return path;
}

}  // namespace graphc::profile

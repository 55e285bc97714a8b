#include "profile/critical_path.h"

#include <map>
#include <variant>

#include "ir/creation_order.h"
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
  Chain of(const ir::Graph& graph, ir::BodyId body, const std::string& prefix) {
    // The back ends' creation order: each node after its dependencies, per body.
    const ir::CreationOrder& order = orders_.try_emplace(&graph, graph).first->second;
    std::vector<Chain> best(graph.nodes.size());
    Chain longest;
    for (const ir::NodeId id : order.nodes(body)) {
      const std::size_t i = id.value;
      const Chain* before = nullptr;
      for (const ir::Dependency& dependency : order.dependencies(id)) {
        const Chain& candidate = best[dependency.from.value];
        if (before == nullptr || candidate.length_ns > before->length_ns) before = &candidate;
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
  Chain node(const ir::Graph& graph, const ir::Node& node, const std::string& prefix) {
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
  std::map<const ir::Graph*, ir::CreationOrder> orders_;  // each graph's, made when first walked
};

// The runs of each node in each launch, by iteration.
using RunsByNode = std::map<std::pair<std::string, std::uint32_t>, std::vector<const NodeRun*>>;

// Calls `each(a_runs, b_runs)` for every launch in which both `a` and `b` ran; how many did.
template <class Each>
std::size_t for_launches_with_both(const RunsByNode& runs, const std::string& a, const std::string& b,
                                   std::uint32_t launches, Each each) {
  std::size_t both = 0;
  for (std::uint32_t launch = 0; launch < launches; ++launch) {
    const auto of_a = runs.find({a, launch});
    const auto of_b = runs.find({b, launch});
    if (of_a == runs.end() || of_b == runs.end()) continue;
    ++both;
    each(of_a->second, of_b->second);
  }
  return both;
}

double idle_ns(const NodeRun& before, const NodeRun& after) {
  return static_cast<double>(after.start_ns) - static_cast<double>(before.end_ns);
}

// The mean gap from `from`'s runs to `to`'s: run k to run k when both ran as often in a
// launch (two nodes of one loop body), else the last of `from` to the first of `to`.
Gap gap(const RunsByNode& runs, const std::string& from, const std::string& to, std::uint32_t launches) {
  double sum = 0;
  std::size_t pairs = 0;
  for_launches_with_both(runs, from, to, launches, [&](const auto& before, const auto& after) {
    if (before.size() == after.size()) {
      for (std::size_t k = 0; k < before.size(); ++k) sum += idle_ns(*before[k], *after[k]);
      pairs += before.size();
    } else {
      sum += idle_ns(*before.back(), *after.front());
      ++pairs;
    }
  });
  return {from, to, pairs == 0 ? 0.0 : sum / static_cast<double>(pairs)};
}

// From `last`'s run k to `first`'s run k + 1 in each launch (a loop body's end to its next
// iteration's start), summed over the launch; the mean over the launches where both ran.
Gap iteration_gap(const RunsByNode& runs, const std::string& last, const std::string& first, std::uint32_t launches) {
  double sum = 0;
  const std::size_t counted =
      for_launches_with_both(runs, last, first, launches, [&](const auto& ends, const auto& starts) {
        for (std::size_t k = 0; k + 1 < starts.size() && k < ends.size(); ++k) sum += idle_ns(*ends[k], *starts[k + 1]);
      });
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

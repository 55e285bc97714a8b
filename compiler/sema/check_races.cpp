#include "sema/check_races.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sema/ordered_accesses.h"
#include "sema/scope_graph.h"

namespace graphc::sema {
namespace {

// Which of a scope's (a graph's, or one body's) nodes that access memory are ordered with
// which: per node, a row of bits over those accessors for its descendants and one for its
// ancestors, filled in topological order and its reverse.
class Ordering {
 public:
  /// The most bits (scope nodes times accessors, per direction) the rows may take: 16 MiB.
  static constexpr std::size_t kMaxBits = std::size_t{1} << 27;

  Ordering(const ScopeGraph& scope, std::size_t graph_nodes, const std::vector<std::size_t>& accessors)
      : scope_(scope), words_((accessors.size() + 63) / 64), column_(graph_nodes, kNone) {
    for (std::size_t i = 0; i < accessors.size(); ++i) column_[accessors[i]] = i;
    const std::vector<std::uint32_t>& order = scope.order();
    descendants_.assign(order.size() * words_, 0);
    ancestors_.assign(order.size() * words_, 0);
    for (std::size_t i = order.size(); i-- > 0;) merge(descendants_, i, scope.successors(order[i]));
    for (std::size_t i = 0; i < order.size(); ++i) merge(ancestors_, i, scope.predecessors(order[i]));
  }

  /// Calls `visit(column)` for every accessor in `candidates` (a row of bits over the
  /// accessors) after `node`'s column that no path of edges orders with `node`, until
  /// `visit` returns false.
  template <typename Visit>
  void unordered(std::size_t node, const std::vector<std::uint64_t>& candidates, Visit visit) const {
    const std::size_t row = scope_.rank(static_cast<std::uint32_t>(node));
    const std::size_t self = column_[node];
    for (std::size_t w = self / 64; w < words_; ++w) {
      std::uint64_t bits = candidates[w] & ~descendants_[row * words_ + w] & ~ancestors_[row * words_ + w];
      if (w == self / 64) bits &= ~((std::uint64_t{2} << (self % 64)) - 1);  // only columns after self
      while (bits != 0) {
        if (!visit(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)))) return;
        bits &= bits - 1;
      }
    }
  }

  std::size_t words() const { return words_; }

 private:
  static constexpr std::size_t kNone = SIZE_MAX;

  // Row `row` gets each neighbour's row and the neighbour itself.
  void merge(std::vector<std::uint64_t>& rows, std::size_t row, std::span<const std::uint32_t> neighbours) {
    std::uint64_t* into = &rows[row * words_];
    for (const std::uint32_t next : neighbours) {
      const std::uint64_t* from = &rows[std::size_t{scope_.rank(next)} * words_];
      for (std::size_t w = 0; w < words_; ++w) into[w] |= from[w];
      if (column_[next] != kNone) into[column_[next] / 64] |= std::uint64_t{1} << (column_[next] % 64);
    }
  }

  const ScopeGraph& scope_;
  std::size_t words_;
  std::vector<std::size_t> column_;
  std::vector<std::uint64_t> descendants_;
  std::vector<std::uint64_t> ancestors_;
};

// The first racing pair of nodes over one root buffer (in the order the nodes are
// declared), their accesses, and whether another pair races on it too.
struct Race {
  std::size_t first = 0;
  std::size_t second = 0;
  const MemoryAccess* first_access = nullptr;
  const MemoryAccess* second_access = nullptr;
  std::size_t pairs = 0;  // 1, or 2 for more: the search stops at the second
};

// Which accesses a search for races takes: those of known extent only (a race that is
// certain, W0303), or all (one that may be, W0305, where the first finds none).
enum class Extents : std::uint8_t { known, all };

bool taken(const MemoryAccess& access, Extents extents) { return extents == Extents::all || access.assumed.empty(); }

// The first two accesses, one of each node, to root buffer `root` that overlap with at
// least one writing.
std::optional<std::pair<const MemoryAccess*, const MemoryAccess*>> first_conflict(
    std::uint32_t root, const std::vector<MemoryAccess>& a, const std::vector<MemoryAccess>& b, Extents extents) {
  for (const MemoryAccess& x : a) {
    if (x.extent.root.value != root || !taken(x, extents)) continue;
    for (const MemoryAccess& y : b) {
      if (taken(y, extents) && (writes(x.access) || writes(y.access)) && x.extent.overlaps(y.extent)) {
        return std::pair{&x, &y};
      }
    }
  }
  return std::nullopt;
}

class RaceChecker {
 public:
  RaceChecker(const ir::Graph& graph, NodeAccesses& node_accesses, DiagEngine& diags, bool possible_races)
      : graph_(graph), node_accesses_(node_accesses), diags_(diags), possible_races_(possible_races) {}

  void check_scope(ir::BodyId scope) {
    std::vector<std::size_t> accessors;               // scope nodes that access memory, in declaration order
    std::vector<std::vector<MemoryAccess>> accesses;  // per accessor
    std::size_t scope_nodes = 0;
    for (std::size_t n = 0; n < graph_.nodes.size(); ++n) {
      if (graph_.nodes[n].body != scope) continue;
      ++scope_nodes;
      std::vector<MemoryAccess> of = node_accesses_.of(graph_, ir::NodeId{static_cast<std::uint32_t>(n)});
      if (of.empty()) continue;
      accessors.push_back(n);
      accesses.push_back(std::move(of));
    }
    if (accessors.size() < 2) return;
    const ScopeGraph scope_graph(graph_, scope);
    if (accesses_ordered(graph_, scope_graph, accessors, accesses)) return;  // no two can race
    if (scope_nodes * accessors.size() > Ordering::kMaxBits) {
      diags_.report(DiagCode::races_unchecked, scope_range(scope), scope_label(scope), accessors.size(), scope_nodes);
      return;
    }
    const Ordering ordering(scope_graph, graph_.nodes.size(), accessors);
    // Per root buffer, which accessors touch it and which of those write it (ordered:
    // reports in buffer order), through accesses of known extent and through any.
    std::map<std::uint32_t, Touchers> touching;
    const auto set = [](std::vector<std::uint64_t>& bits, std::size_t words, std::size_t c) {
      bits.resize(words, 0);
      bits[c / 64] |= std::uint64_t{1} << (c % 64);
    };
    for (std::size_t c = 0; c < accessors.size(); ++c) {
      for (const MemoryAccess& access : accesses[c]) {
        Touchers& of_root = touching[access.extent.root.value];
        of_root.assumed = of_root.assumed || !access.assumed.empty();
        for (const Extents extents : {Extents::known, Extents::all}) {
          if (!taken(access, extents)) continue;
          Touching& t = of_root.by_extents[static_cast<std::size_t>(extents)];
          set(t.all, ordering.words(), c);
          t.writers.resize(ordering.words(), 0);
          if (writes(access.access)) set(t.writers, ordering.words(), c);
        }
      }
    }
    for (const auto& [root, t] : touching) {
      Race race = first_races(ordering, accessors, accesses, root, t.by_extents[0], Extents::known);
      // Only an access of assumed extent can give the second search more to find.
      if (race.pairs == 0 && possible_races_ && t.assumed) {
        race = first_races(ordering, accessors, accesses, root, t.by_extents[1], Extents::all);
      }
      if (race.pairs > 0) report(root, race);
    }
  }

 private:
  // The accessors (columns) that touch a root buffer, and those of them that write it.
  struct Touching {
    std::vector<std::uint64_t> all, writers;  // empty: none
  };
  // Of one root buffer: through accesses of known extent ([0]) and through any ([1]), and
  // whether any access of assumed extent touches it.
  struct Touchers {
    std::array<Touching, 2> by_extents;
    bool assumed = false;
  };

  // The first race on `root` among the accesses `extents` takes, in declaration order, and
  // whether there is a second. A reader is paired with the unordered writers only.
  static Race first_races(const Ordering& ordering, const std::vector<std::size_t>& accessors,
                          const std::vector<std::vector<MemoryAccess>>& accesses, std::uint32_t root, const Touching& t,
                          Extents extents) {
    Race race;
    if (t.all.empty()) return race;
    for (std::size_t c = 0; c < accessors.size() && race.pairs < 2; ++c) {
      if (((t.all[c / 64] >> (c % 64)) & 1u) == 0) continue;
      const bool writer = ((t.writers[c / 64] >> (c % 64)) & 1u) != 0;
      ordering.unordered(accessors[c], writer ? t.all : t.writers, [&](std::size_t other) {
        if (const std::optional<std::pair<const MemoryAccess*, const MemoryAccess*>> conflict =
                first_conflict(root, accesses[c], accesses[other], extents)) {
          if (race.pairs++ == 0) race = {accessors[c], accessors[other], conflict->first, conflict->second, 1};
        }
        return race.pairs < 2;
      });
    }
    return race;
  }

  void report(std::uint32_t root, const Race& race) {
    const MemoryAccess& a = *race.first_access;
    const MemoryAccess& b = *race.second_access;
    const ir::Node& first = graph_.nodes[race.first];
    const ir::Node& second = graph_.nodes[race.second];
    MemoryExtent overlap = a.extent;
    const auto meet = [](const std::array<std::uint64_t, 2>& x, const std::array<std::uint64_t, 2>& y) {
      return std::array<std::uint64_t, 2>{std::max(x[0], y[0]), std::min(x[1], y[1])};
    };
    overlap.slices = meet(a.extent.slices, b.extent.slices);
    overlap.rows = meet(a.extent.rows, b.extent.rows);
    overlap.columns = meet(a.extent.columns, b.extent.columns);
    const std::string& buffer = graph_.buffers[root].name;
    const bool certain = a.assumed.empty() && b.assumed.empty();
    Diagnostic& d = certain
                        ? diags_.report(DiagCode::data_race, b.range, first.name, access_name(a.access), second.name,
                                        access_name(b.access), describe_extent(graph_, overlap), buffer)
                        : diags_.report(DiagCode::possible_race, b.range, first.name, access_name(a.access),
                                        second.name, access_name(b.access), buffer, describe_extent(graph_, overlap));
    d.note<NoteCode::accesses_here>(a.range, first.name, access_name(a.access), a.why);
    d.note<NoteCode::accesses>(SourceRange{}, second.name, access_name(b.access), b.why);
    for (const auto& [node, access] : {std::pair{&first, &a}, std::pair{&second, &b}}) {
      if (access->assumed.empty()) continue;
      d.note<NoteCode::taken_to_reach>(SourceRange{}, node->name, describe_extent(graph_, access->extent), buffer,
                                       access->assumed);
    }
    d.note<NoteCode::edge_orders_them>(SourceRange{}, first.name, second.name, second.name, first.name);
    if (!certain) {
      d.note<NoteCode::possible_race_flag>(SourceRange{});
    }
    if (race.pairs > 1) {
      d.note<NoteCode::other_pairs_race>(SourceRange{}, scope_label(first.body), graph_.buffers[root].name);
    }
  }

  // "graph 'g'", "the body of 'loop'".
  std::string scope_label(ir::BodyId scope) const {
    if (!scope.valid()) return fmt::format("graph '{}'", graph_.name);
    return fmt::format("the body of '{}'", graph_.node(graph_.body(scope).conditional).name);
  }

  SourceRange scope_range(ir::BodyId scope) const {
    return scope.valid() ? graph_.body(scope).range : graph_.name_range;
  }

  const ir::Graph& graph_;
  NodeAccesses& node_accesses_;  // shared by every graph's checker: what called graphs do, once
  DiagEngine& diags_;
  bool possible_races_;
};

}  // namespace

void check_races(const ir::Module& module, const KernelInfo& kernels, DiagEngine& diags, bool possible_races) {
  NodeAccesses node_accesses(module, kernels);
  for (const ir::Graph& graph : module.graphs) {
    RaceChecker checker(graph, node_accesses, diags, possible_races);
    checker.check_scope(ir::BodyId{});
    for (std::uint32_t b = 0; b < graph.bodies.size(); ++b) checker.check_scope(ir::BodyId{b});
  }
}

}  // namespace graphc::sema

#include "sema/scope.h"

#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "diag/spellcheck.h"

namespace graphc::sema {
namespace {

struct Declaration {
  std::string_view name;
  SourceRange range;
  Entity entity;
};

template <class T>
void collect(std::vector<Declaration>& out, const std::vector<T>& items, Entity::Kind kind) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    // An alloc node's name is declared once, by its memory (a buffer): resolve_names.cpp
    // maps it to the node where a node is needed.
    if constexpr (std::is_same_v<T, ir::Node>) {
      if (std::holds_alternative<ir::AllocNode>(items[i].op)) continue;
    }
    out.push_back({items[i].name, items[i].name_range, Entity{kind, static_cast<std::uint32_t>(i)}});
  }
}

}  // namespace

Scope Scope::build(const ir::Graph& graph, DiagEngine& diags) {
  std::vector<Declaration> all;
  collect(all, graph.consts, Entity::Kind::constant);
  collect(all, graph.params, Entity::Kind::param);
  collect(all, graph.buffers, Entity::Kind::buffer);
  collect(all, graph.conds, Entity::Kind::cond);
  collect(all, graph.nodes, Entity::Kind::node);
  collect(all, graph.events, Entity::Kind::event);
  collect(all, graph.comms, Entity::Kind::comm);
  // The tables are per kind; source order decides which declaration came first.
  const auto earlier = [](const Declaration& a, const Declaration& b) { return a.range.begin < b.range.begin; };
  if (!std::is_sorted(all.begin(), all.end(), earlier)) std::stable_sort(all.begin(), all.end(), earlier);

  Scope scope(graph);
  scope.by_name_.reserve(all.size());
  scope.declared_.reserve(all.size());
  for (const Declaration& d : all) {
    const auto [it, inserted] = scope.by_name_.emplace(std::string(d.name), d.entity);
    if (inserted) {
      scope.declared_.push_back(d.entity);
      continue;
    }
    diags.report(DiagCode::duplicate_name, d.range, d.name)
        .note<NoteCode::previous_declaration>(scope.declaration(it->second), d.name);
  }
  return scope;
}

std::optional<Entity> Scope::find(std::string_view name) const {
  const auto it = by_name_.find(name);
  if (it == by_name_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> Scope::names_of(std::initializer_list<Entity::Kind> kinds) const {
  std::vector<std::string> out;
  const bool node_wanted = std::find(kinds.begin(), kinds.end(), Entity::Kind::node) != kinds.end();
  for (const Entity& entity : declared_) {
    if (std::find(kinds.begin(), kinds.end(), entity.kind) != kinds.end() || (node_wanted && alloc_node(entity))) {
      out.emplace_back(name_of(entity));
    }
  }
  return out;
}

std::string_view Scope::name_of(Entity entity) const {
  return with_declaration(entity, [](const auto& declared) { return std::string_view(declared.name); });
}

SourceRange Scope::declaration(Entity entity) const {
  return with_declaration(entity, [](const auto& declared) { return declared.name_range; });
}

std::optional<ir::NodeId> Scope::alloc_node(Entity entity) const {
  if (entity.kind != Entity::Kind::buffer) return std::nullopt;
  const ir::NodeId alloc = graph_->buffers.at(entity.index).alloc;
  if (!alloc.valid()) return std::nullopt;
  return alloc;
}

std::string_view Scope::describe(Entity entity) const {
  switch (entity.kind) {
    case Entity::Kind::constant: return "const";
    case Entity::Kind::param: return "param";
    case Entity::Kind::buffer:
      if (alloc_node(entity)) return "mem alloc node";
      return graph_->buffers.at(entity.index).view ? "view" : "buffer";
    case Entity::Kind::cond: return "cond";
    case Entity::Kind::node: return "node";
    case Entity::Kind::event: return "CUDA event";  // "a CUDA event" in messages
    case Entity::Kind::comm: return "communicator";
  }
  return "name";
}

namespace {

// A loop's copy as the user writes it: the front end names `layer[3]` `layer_3` (and
// `layer[-3]` `layer_m3`); the base and the index, or nothing for another name.
struct IndexedName {
  std::string_view base;
  std::string index;
};
std::optional<IndexedName> indexed(std::string_view name) {
  const std::size_t underscore = name.rfind('_');
  if (underscore == std::string_view::npos || underscore == 0) return std::nullopt;
  std::string_view digits = name.substr(underscore + 1);
  const bool negative = digits.starts_with('m');
  if (negative) digits.remove_prefix(1);
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  // Built by append: GCC 12 at -O3 warns (-Wrestrict, a false positive) on `"-" + std::string`.
  std::string index(negative ? "-" : "");
  index.append(digits);
  return IndexedName{name.substr(0, underscore), std::move(index)};
}

}  // namespace

void report_unknown(DiagEngine& diags, const Scope& scope, DiagCode code, SourceRange range, std::string_view name,
                    std::initializer_list<Entity::Kind> kinds) {
  const auto guess = closest_name(name, scope.names_of(kinds));
  const SourceRange declared = guess ? scope.declaration(*scope.find(*guess)) : SourceRange{};
  // A guess declared in a loop is a copy, `layer[i]`: both names as the user writes them,
  // `layer[8]` and `layer[7]`, when the unknown one names a copy of the same base.
  const auto copy = guess && SourceManager::is_iteration(declared.file) ? indexed(*guess) : std::nullopt;
  const auto unknown = copy ? indexed(name) : std::nullopt;
  const bool written = unknown && unknown->base == copy->base;
  Diagnostic& d = written ? diags.report(code, range, fmt::format("{}[{}]", unknown->base, unknown->index))
                          : diags.report(code, range, name);
  if (!guess) return;
  if (copy) {
    d.note<NoteCode::did_you_mean_copy>(declared, copy->base, copy->index);
  } else {
    d.note<NoteCode::did_you_mean>(declared, *guess);
  }
}

void report_wrong_kind(DiagEngine& diags, const Scope& scope, SourceRange range, std::string_view name, Entity entity,
                       std::string_view needed) {
  diags.report(DiagCode::wrong_kind, range, name, scope.describe(entity), needed)
      .note<NoteCode::declared_here>(scope.declaration(entity), name);
}

}  // namespace graphc::sema

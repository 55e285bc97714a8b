// The names of one graph: consts, params, buffers, conds, events and nodes share one
// namespace, the graph's conditional bodies included. An alloc's name is declared once,
// as the buffer that is its memory; alloc_node() gives the node where a node is needed.
//
// Building a scope reports every duplicate (E0103, with a note at the earlier
// declaration); the earliest declaration wins, so later lookups see one entity per name.
// Lookups that fail report through report_unknown (with "did you mean", offering only
// candidates of the kinds that fit the use) or report_wrong_kind.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::sema {

/// One declared name of a graph: which table it lives in and its index there.
struct Entity {
  enum class Kind : std::uint8_t { constant, param, buffer, cond, node, event, comm };
  Kind kind = Kind::constant;
  std::uint32_t index = 0;
};

class Scope {
 public:
  /// The scope of `graph`; reports E0103 for each name declared twice.
  static Scope build(const ir::Graph& graph, DiagEngine& diags);

  std::optional<Entity> find(std::string_view name) const;
  /// The declared names of the given kinds, in source order (for "did you mean").
  std::vector<std::string> names_of(std::initializer_list<Entity::Kind> kinds) const;
  /// Where the entity's name is declared.
  SourceRange declaration(Entity entity) const;
  /// The alloc node whose memory `entity` is, if it is an alloc's.
  std::optional<ir::NodeId> alloc_node(Entity entity) const;
  /// How an entity is called in messages, after "a": "const", "param", "buffer",
  /// "view", "mem alloc node", "cond", "node" or "CUDA event".
  std::string_view describe(Entity entity) const;

 private:
  explicit Scope(const ir::Graph& graph) : graph_(&graph) {}

  // The entity's name, as its table holds it.
  std::string_view name_of(Entity entity) const;
  // `f` of the const, param, buffer, cond, node, event or communicator that `entity` is.
  template <class F>
  auto with_declaration(Entity entity, F f) const {
    switch (entity.kind) {
      case Entity::Kind::constant: return f(graph_->consts.at(entity.index));
      case Entity::Kind::param: return f(graph_->params.at(entity.index));
      case Entity::Kind::buffer: return f(graph_->buffers.at(entity.index));
      case Entity::Kind::cond: return f(graph_->conds.at(entity.index));
      case Entity::Kind::node: return f(graph_->nodes.at(entity.index));
      case Entity::Kind::event: return f(graph_->events.at(entity.index));
      case Entity::Kind::comm: break;
    }
    return f(graph_->comms.at(entity.index));
  }

  const ir::Graph* graph_;
  std::vector<Entity> declared_;  // first declarations, in source order
  struct NameHash {
    using is_transparent = void;  // find(string_view) without a std::string
    std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>()(name); }
  };
  std::unordered_map<std::string, Entity, NameHash, std::equal_to<>> by_name_;
};

/// Reports `code` (E0101 or E0102) for an unknown `name` at `range`, with a note
/// "did you mean 'y'?" at y's declaration when a name of one of `kinds` is close.
void report_unknown(DiagEngine& diags, const Scope& scope, DiagCode code, SourceRange range, std::string_view name,
                    std::initializer_list<Entity::Kind> kinds);

/// Reports E0104: `name` at `range` is `entity`, but a `needed` is needed; notes its declaration.
void report_wrong_kind(DiagEngine& diags, const Scope& scope, SourceRange range, std::string_view name, Entity entity,
                       std::string_view needed);

}  // namespace graphc::sema

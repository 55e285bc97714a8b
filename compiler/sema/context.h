// What the rule families of one graph share: the graph, its scope, the constant folder,
// the diagnostics, and what earlier passes learned.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "sema/dependency_graph.h"
#include "sema/fold.h"
#include "sema/node_config.h"
#include "sema/scope.h"

namespace graphc::sema {

struct GraphContext {
  GraphContext(ir::Graph& g, DiagEngine& d, std::span<const ir::StructDecl> s)
      : graph(g),
        diags(d),
        structs(s),
        scope(Scope::build(g, d)),
        folder(g, scope, d),
        buffer_ok(g.buffers.size(), false) {}
  GraphContext(const GraphContext&) = delete;
  GraphContext& operator=(const GraphContext&) = delete;

  ir::Graph& graph;
  DiagEngine& diags;
  std::span<const ir::StructDecl> structs;  // the module's, laid out (check_structs)
  Scope scope;
  Folder folder;                // refers to scope
  std::vector<bool> buffer_ok;  // per buffer: its count folded to a valid size (check_declarations)

  /// What fold_node_config reads, with the params at their defaults.
  ConfigContext config() { return {graph, folder, diags, buffer_ok}; }

  /// The graph's dependency graph, built on first use, once the edges are resolved: only
  /// graphs with memory nodes, conditional nodes or event waits need one.
  const DependencyGraph& dependencies() {
    if (!dependencies_) dependencies_.emplace(graph);
    return *dependencies_;
  }

 private:
  std::optional<DependencyGraph> dependencies_;
};

}  // namespace graphc::sema

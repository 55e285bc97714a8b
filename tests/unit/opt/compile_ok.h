// The optimiser's tests compile text that must be valid (compile_ok fails the test case
// when it is not) and read the creation order it leaves (created).
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "compile.h"
#include "ir/creation_order.h"

namespace graphc::test {

/// compile_text("t.graph", text, options), REQUIRE-d to have no errors.
inline std::unique_ptr<Compilation> compile_ok(const std::string& text, CompileOptions options = {}) {
  auto c = compile_text("t.graph", text, options);
  REQUIRE(c->ok());
  return c;
}

/// The names of `body`'s nodes (the graph's own by default) in the back ends' creation order.
inline std::vector<std::string> created(const ir::Graph& graph, ir::BodyId body = {}) {
  std::vector<std::string> out;
  const ir::CreationOrder creation(graph);
  for (const ir::NodeId id : creation.nodes(body)) {
    out.push_back(graph.node(id).name);
  }
  return out;
}

}  // namespace graphc::test

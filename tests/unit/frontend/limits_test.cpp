// Graph size limits: both front ends stop adding nodes past ir::kMaxNodes (E0015) and edges
// past ir::kMaxEdges (E0016), reporting each once, before the edges of a group are made.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "frontend_test_support.h"
#include "ir/limits.h"

using graphc::DiagCode;
using graphc::test::parse_any;

namespace {

std::string node_names(std::size_t count, std::string_view prefix) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) out += fmt::format("{}{}{}", i == 0 ? "" : ", ", prefix, i);
  return out;
}

}  // namespace

TEST_CASE("text: the node past the limit is reported once and left out", "[limits]") {
  std::string text = "graph big {\n";
  for (std::size_t i = 0; i < graphc::ir::kMaxNodes + 2; ++i) text += fmt::format("empty n{};\n", i);
  text += "}\n";
  const auto p = parse_any(text);
  const auto all = p->diags.sorted();
  REQUIRE(all.size() == 1);
  CHECK(all[0].code == DiagCode::too_many_nodes);
  CHECK(p->at(all[0].range) == fmt::format("{}:1", graphc::ir::kMaxNodes + 2));  // the first node too many
  CHECK(all[0].message == "graph 'big' has more than 65536 nodes (its conditional bodies' included); split it "
                          "into graphs that call each other");
  CHECK(p->graph().nodes.size() == graphc::ir::kMaxNodes);
}

TEST_CASE("text: a group edge past the limit is reported at its arrow before any pair is made", "[limits]") {
  // 600 x 600 = 360 000 pairs, over 262 144.
  const std::string text =
      fmt::format("graph wide {{\n{{{}}} -> {{{}}};\n}}\n", node_names(600, "a"), node_names(600, "b"));
  const auto p = parse_any(text);
  const auto all = p->diags.sorted();
  REQUIRE(all.size() == 1);
  CHECK(all[0].code == DiagCode::too_many_edges);
  CHECK(p->text(all[0].range) == "->");
  CHECK(p->graph().edges.empty());
}

TEST_CASE("YAML: the same limits, the same codes", "[limits]") {
  std::string yaml = "graphs:\n  big:\n    nodes:\n";
  for (std::size_t i = 0; i < graphc::ir::kMaxNodes + 1; ++i) yaml += fmt::format("      n{}: {{empty: {{}}}}\n", i);
  const auto p = parse_any(yaml, "t.yaml");
  REQUIRE(p->diags.sorted().size() == 1);
  CHECK(p->diags.sorted()[0].code == DiagCode::too_many_nodes);
  CHECK(p->graph().nodes.size() == graphc::ir::kMaxNodes);

  const std::string edges = fmt::format("graphs:\n  wide:\n    nodes: {{}}\n    edges:\n      - [[{}], [{}]]\n",
                                        node_names(600, "a"), node_names(600, "b"));
  const auto q = parse_any(edges, "t.yaml");
  REQUIRE(q->diags.sorted().size() == 1);
  CHECK(q->diags.sorted()[0].code == DiagCode::too_many_edges);
  CHECK(q->graph().edges.empty());
}

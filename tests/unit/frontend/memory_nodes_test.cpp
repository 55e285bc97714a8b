// Memory nodes in the grammar: `alloc NAME : type[count];` (a node and the buffer its name
// stands for) and `free NAME : ALLOC;`, and the syntax errors of each.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using namespace graphc;
using graphc::test::expect_error;
using graphc::test::parse_ok;

TEST_CASE("an alloc is a node and the device buffer its name stands for", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  const N = 8;
  buffer x : f32[N] device;
  alloc scratch : i32[N * 2];
  free release : scratch;
  scratch -> release;
}
)");
  const ir::Graph& g = p->graph();
  REQUIRE(g.buffers.size() == 2);
  const ir::Buffer& memory = g.buffers[1];
  CHECK(memory.name == "scratch");
  CHECK(memory.type == ir::ScalarType::i32);
  CHECK(memory.space == ir::MemorySpace::device);
  CHECK(test::sexpr(memory.count) == "(* N 2:i32)");
  CHECK(p->span(memory.name_range) == "4:9-4:16");
  CHECK_FALSE(g.buffers[0].alloc.valid());

  const ir::Node& alloc = p->node("scratch");
  REQUIRE(std::holds_alternative<ir::AllocNode>(alloc.op));
  CHECK(std::get<ir::AllocNode>(alloc.op).buffer == ir::BufferId{1});
  CHECK(memory.alloc == ir::NodeId{0});
  CHECK(p->span(alloc.name_range) == "4:9-4:16");
  CHECK(p->span(alloc.range) == "4:3-4:30");
  CHECK(ir::kind_name(alloc) == "alloc");

  const ir::Node& release = p->node("release");
  REQUIRE(std::holds_alternative<ir::FreeNode>(release.op));
  const auto& free = std::get<ir::FreeNode>(release.op);
  CHECK(free.alloc == "scratch");
  CHECK(p->span(free.alloc_range) == "5:18-5:25");
  CHECK_FALSE(free.alloc_id.valid());  // resolved by sema
  CHECK(ir::kind_name(release) == "free");
  REQUIRE(g.edges.size() == 1);
  CHECK(g.edges[0].from == "scratch");
}

TEST_CASE("alloc and free parse inside a body, where the validator rejects them", "[grammar]") {
  const auto p = parse_ok("graph g {\n  cond c = 1;\n  if n (c) { alloc a : u8[4]; free f : a; }\n}\n");
  CHECK(p->node("a").body == ir::BodyId{0});
  CHECK(p->node("f").body == ir::BodyId{0});
  CHECK(p->graph().buffers.at(0).alloc == ir::NodeId{1});
}

TEST_CASE("alloc and free syntax errors", "[grammar]") {
  expect_error("graph g {\n  alloc : f32[4];\n}\n", DiagCode::syntax_error, "2:9",
               "expected the node's name after 'alloc'");
  expect_error("graph g {\n  alloc a f32[4];\n}\n", DiagCode::syntax_error, "2:11",
               "expected ':' and an element type after the alloc's name");
  expect_error("graph g {\n  alloc a : f32 4;\n}\n", DiagCode::syntax_error, "2:17",
               "expected '[' and the number of elements after the alloc's element type");
  expect_error("graph g {\n  alloc a : f32[];\n}\n", DiagCode::syntax_error, "2:17",
               "expected the number of elements the alloc allocates");
  expect_error("graph g {\n  alloc a : f32[4;\n}\n", DiagCode::syntax_error, "2:18",
               "expected ']' after the number of elements");
  expect_error("graph g {\n  alloc a : f32[4]\n}\n", DiagCode::syntax_error, "2:19",
               "expected ';' after the alloc node (or its device(i) and peers(j, ...))");
  expect_error("graph g {\n  alloc a : f32[4] host;\n}\n", DiagCode::syntax_error, "2:20",
               "expected ';' after the alloc node (or its device(i) and peers(j, ...))");
  expect_error("graph g {\n  alloc a : f32[4] device(1) peers;\n}\n", DiagCode::syntax_error, "2:35",
               "expected '(' and the devices, as in peers(0, 1)");
  expect_error("graph g {\n  alloc buffer : f32[4];\n}\n", DiagCode::syntax_error, "2:9",
               "'buffer' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  free : a;\n}\n", DiagCode::syntax_error, "2:8", "expected the node's name after 'free'");
  expect_error("graph g {\n  free f a;\n}\n", DiagCode::syntax_error, "2:10",
               "expected ':' and the alloc node whose memory it frees after the node's name");
  expect_error("graph g {\n  free f : ;\n}\n", DiagCode::syntax_error, "2:12",
               "expected the name of the alloc node whose memory the free releases");
  expect_error("graph g {\n  free f : a b;\n}\n", DiagCode::syntax_error, "2:14", "expected ';' after the free node");
  expect_error("graph g {\n  alloc free : f32[4];\n}\n", DiagCode::syntax_error, "2:9",
               "'free' is a reserved word and cannot be used as a name");
}

TEST_CASE("a misspelt alloc or free suggests the keyword", "[grammar]") {
  const auto p = test::parse_any("graph g {\n  aloc a : f32[4];\n}\n");
  const auto all = p->diags.sorted();
  REQUIRE(all.size() == 1);
  CHECK(p->at(all[0].range) == "2:8");
  REQUIRE(all[0].notes.size() == 1);
  CHECK(all[0].notes[0].message == "did you mean 'alloc'?");
}

// Views in both front ends: `view NAME : type[count] of BASE (+ offset)?;` and YAML's
// `views:` map give a Buffer with `view` set (its base and offset as written, resolved by
// sema), and the syntax errors of the text form.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using namespace graphc;
using graphc::test::expect_error;
using graphc::test::parse_ok;

TEST_CASE("a view is a buffer of the graph with its base and offset", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  buffer data : f64[8] device;
  view words : u32[2 * 8] of data;
  view tail : f32[4] of data + 4;
}
)");
  const ir::Graph& g = p->graph();
  REQUIRE(g.buffers.size() == 3);
  CHECK_FALSE(g.buffers[0].view);
  const ir::Buffer& words = g.buffers[1];
  REQUIRE(words.view);
  CHECK(words.name == "words");
  CHECK(words.type == ir::ScalarType::u32);
  CHECK(test::sexpr(words.count) == "(* 2:i32 8:i32)");
  CHECK(words.view->base == "data");
  CHECK(p->span(words.view->base_range) == "3:30-3:34");
  CHECK_FALSE(words.view->offset);
  CHECK_FALSE(words.view->root.valid());  // resolved by sema
  CHECK_FALSE(words.bindable());
  const ir::Buffer& tail = g.buffers[2];
  REQUIRE(tail.view);
  REQUIRE(tail.view->offset);
  CHECK(test::sexpr(*tail.view->offset) == "4:i32");
  CHECK(tail.init.kind == ir::BufferInit::Kind::none);
}

TEST_CASE("a view in YAML is the text form's", "[yaml]") {
  const auto p = parse_ok(R"yaml(graphs:
  g:
    buffers:
      data: {type: f64, count: 8, space: device}
    views:
      words: {type: u32, count: 2 * 8, of: data}
      tail: {type: f32, count: 4, of: data, offset: 4}
)yaml",
                          "t.yaml");
  const ir::Graph& g = p->graph();
  REQUIRE(g.buffers.size() == 3);
  REQUIRE(g.buffers[1].view);
  CHECK(g.buffers[1].view->base == "data");
  CHECK(p->span(g.buffers[1].view->base_range) == "6:44-6:48");
  CHECK_FALSE(g.buffers[1].view->offset);
  REQUIRE(g.buffers[2].view);
  REQUIRE(g.buffers[2].view->offset);
  CHECK(test::sexpr(*g.buffers[2].view->offset) == "4:i32");
}

TEST_CASE("view syntax errors", "[grammar]") {
  expect_error("graph g {\n  view : u32[4] of d;\n}\n", DiagCode::syntax_error, "2:8",
               "expected the view's name after 'view'");
  expect_error("graph g {\n  view w u32[4] of d;\n}\n", DiagCode::syntax_error, "2:10",
               "expected ':' and an element type after the view's name");
  expect_error("graph g {\n  view w : u32 of d;\n}\n", DiagCode::syntax_error, "2:16",
               "expected '[' and the number of elements after the view's element type");
  expect_error("graph g {\n  view w : u32[4] d;\n}\n", DiagCode::syntax_error, "2:19",
               "expected 'of' and the buffer the view is of after the number of elements");
  expect_error("graph g {\n  view w : u32[4] of;\n}\n", DiagCode::syntax_error, "2:21",
               "expected the buffer the view is of after 'of'");
  expect_error("graph g {\n  view w : u32[4] of d + ;\n}\n", DiagCode::syntax_error, "2:26",
               "expected the view's offset in elements of its base after '+'");
  expect_error("graph g {\n  view w : u32[4] of d device;\n}\n", DiagCode::syntax_error, "2:24",
               "expected '+' and an offset, or ';', after the view's base");
  expect_error("graph g {\n  buffer view : f32[4] device;\n}\n", DiagCode::syntax_error, "2:10",
               "'view' is a reserved word and cannot be used as a name");
}

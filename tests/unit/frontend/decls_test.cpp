// Declarations: module, graph, const, param, buffer.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using graphc::DiagCode;
using graphc::test::expect_error;
using graphc::test::parse_ok;
using graphc::test::sexpr;
namespace ir = graphc::ir;

TEST_CASE("module paths are kept as written and resolved against the file's folder", "[grammar]") {
  const auto p =
      parse_ok("module \"k.cu\";\nmodule \"../lib/./x.ptx\";\nmodule \"/abs/y.cubin\";\n", "samples/heat/heat.graph");
  CHECK(p->module.path == "samples/heat/heat.graph");
  REQUIRE(p->module.modules.size() == 3);
  CHECK(p->module.modules[0].path == "k.cu");
  CHECK(p->module.modules[0].resolved == "samples/heat/k.cu");
  CHECK(p->span(p->module.modules[0].range) == "1:1-1:15");
  CHECK(p->module.modules[1].path == "../lib/./x.ptx");
  CHECK(p->module.modules[1].resolved == "samples/lib/x.ptx");
  CHECK(p->module.modules[2].resolved == "/abs/y.cubin");
  CHECK(p->module.graphs.empty());
}

TEST_CASE("a module next to a file given without a folder stays relative", "[grammar]") {
  const auto p = parse_ok("module \"./k.cu\";", "t.graph");
  CHECK(p->module.modules.at(0).resolved == "k.cu");
}

TEST_CASE("graphs and modules come in any order, each graph has its name and range", "[grammar]") {
  const auto p = parse_ok("graph a { }\nmodule \"k.cu\";\ngraph b {\n  empty e;\n}\n");
  REQUIRE(p->module.graphs.size() == 2);
  CHECK(p->module.graphs[0].name == "a");
  CHECK(p->span(p->module.graphs[0].name_range) == "1:7-1:8");
  CHECK(p->span(p->module.graphs[0].range) == "1:1-1:12");
  CHECK(p->module.graphs[1].name == "b");
  CHECK(p->span(p->module.graphs[1].range) == "3:1-5:2");
  CHECK(p->module.modules.size() == 1);
}

TEST_CASE("const: name and value", "[grammar]") {
  const auto p = parse_ok("graph g {\n  const N = 1024;\n  const M = N * 2;\n}\n");
  const auto& consts = p->graph().consts;
  REQUIRE(consts.size() == 2);
  CHECK(consts[0].name == "N");
  CHECK(p->span(consts[0].name_range) == "2:9-2:10");
  CHECK(p->span(consts[0].range) == "2:3-2:18");
  CHECK(sexpr(consts[0].value) == "1024:i32");
  CHECK(consts[1].name == "M");
  CHECK(sexpr(consts[1].value) == "(* N 2:i32)");
}

TEST_CASE("param: type and optional default", "[grammar]") {
  const auto p = parse_ok("graph g {\n  param scale : f32 = 2.0;\n  param n : i64;\n  param h : bf16 = -1;\n}\n");
  const auto& params = p->graph().params;
  REQUIRE(params.size() == 3);
  CHECK(params[0].name == "scale");
  CHECK(params[0].type == ir::ScalarType::f32);
  REQUIRE(params[0].default_value.has_value());
  CHECK(sexpr(*params[0].default_value) == "2:f64");
  CHECK(p->span(params[0].name_range) == "2:9-2:14");
  CHECK(p->span(params[0].range) == "2:3-2:27");
  CHECK(params[1].type == ir::ScalarType::i64);
  CHECK_FALSE(params[1].default_value.has_value());
  CHECK(params[2].type == ir::ScalarType::bf16);
  CHECK(sexpr(*params[2].default_value) == "(neg 1:i32)");
}

TEST_CASE("buffer: type, count, space", "[grammar]") {
  const auto p =
      parse_ok("graph g {\n  buffer a : f32[N] device;\n  buffer b : u8[4 * N] host;\n  buffer c : i16[3] managed;\n"
               "  buffer d : char[2] device;\n}\n");
  const auto& buffers = p->graph().buffers;
  REQUIRE(buffers.size() == 4);
  CHECK(buffers[0].name == "a");
  CHECK(buffers[0].type == ir::ScalarType::f32);
  CHECK(sexpr(buffers[0].count) == "N");
  CHECK(buffers[0].space == ir::MemorySpace::device);
  CHECK(buffers[0].init.kind == ir::BufferInit::Kind::none);
  CHECK(p->span(buffers[0].name_range) == "2:10-2:11");
  CHECK(p->span(buffers[0].range) == "2:3-2:28");
  CHECK(buffers[1].type == ir::ScalarType::u8);
  CHECK(sexpr(buffers[1].count) == "(* 4:i32 N)");
  CHECK(buffers[1].space == ir::MemorySpace::host);
  CHECK(buffers[2].type == ir::ScalarType::i16);
  CHECK(buffers[2].space == ir::MemorySpace::managed);
  CHECK(buffers[3].type == ir::ScalarType::c8);  // C++ char: neither i8 nor u8
}

TEST_CASE("buffer: a 2-D buffer's rows and width, in text and YAML", "[grammar]") {
  const auto p = parse_ok("graph g {\n  buffer img : f32[H][2 * W] device;\n  buffer v : f32[N] host;\n}\n");
  const auto& buffers = p->graph().buffers;
  REQUIRE(buffers.size() == 2);
  CHECK(sexpr(buffers[0].count) == "H");
  REQUIRE(buffers[0].width.has_value());
  CHECK(sexpr(*buffers[0].width) == "(* 2:i32 W)");
  CHECK(p->span(buffers[0].range) == "2:3-2:37");
  CHECK_FALSE(buffers[1].width.has_value());
  const auto y =
      parse_ok("graphs:\n  g:\n    buffers:\n      img: {type: f32, count: [H, 2 * W], space: device}\n", "t.yaml");
  REQUIRE(y->graph().buffers.size() == 1);
  CHECK(sexpr(y->graph().buffers[0].count) == "H");
  REQUIRE(y->graph().buffers[0].width.has_value());
  CHECK(sexpr(*y->graph().buffers[0].width) == "(* 2:i32 W)");
}

TEST_CASE("buffer: a 3-D buffer's depth, rows and width, in text and YAML", "[grammar]") {
  const auto p = parse_ok("graph g {\n  buffer vol : f32[D][H][2 * W] device;\n}\n");
  const ir::Buffer& vol = p->graph().buffers.at(0);
  REQUIRE(vol.depth.has_value());
  CHECK(sexpr(*vol.depth) == "D");
  CHECK(sexpr(vol.count) == "H");
  REQUIRE(vol.width.has_value());
  CHECK(sexpr(*vol.width) == "(* 2:i32 W)");
  CHECK(vol.three_d());
  CHECK(vol.two_d());  // it has rows and a pitch
  CHECK(vol.rank() == 3);
  CHECK(p->span(vol.range) == "2:3-2:40");
  const auto y =
      parse_ok("graphs:\n  g:\n    buffers:\n      vol: {type: f32, count: [D, H, 2 * W], space: device}\n", "t.yaml");
  const ir::Buffer& yvol = y->graph().buffers.at(0);
  REQUIRE(yvol.depth.has_value());
  CHECK(sexpr(*yvol.depth) == "D");
  CHECK(sexpr(yvol.count) == "H");
  CHECK(sexpr(*yvol.width) == "(* 2:i32 W)");
}

TEST_CASE("a buffer of four or more extents is E0119, in text and YAML", "[grammar]") {
  expect_error("graph g {\n  buffer v : f32[2][3][4][5] device;\n}\n", DiagCode::buffer_rank, "2:26",
               "buffer 'v' has 4 extents; a buffer is 1-D (type[count]), 2-D (type[rows][width]) or 3-D "
               "(type[depth][rows][width]), pitched in device memory (cudaMallocPitch, cudaMalloc3D)");
  expect_error("graphs:\n  g:\n    buffers:\n      v: {type: f32, count: [2, 3, 4, 5], space: device}\n",
               DiagCode::buffer_rank, "4:29",
               "buffer 'v' has 4 extents; a buffer is 1-D (type[count]), 2-D (type[rows][width]) or 3-D "
               "(type[depth][rows][width]), pitched in device memory (cudaMallocPitch, cudaMalloc3D)",
               "t.yaml");
}

TEST_CASE("buffer initial contents: fill, iota, a list", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  buffer a : f32[8] device = fill(0.5f);
  buffer b : i32[8] host = iota(-3);
  buffer c : u16[3] managed = {1, 2 + 3, N};
}
)");
  const auto& buffers = p->graph().buffers;
  REQUIRE(buffers.size() == 3);
  CHECK(buffers[0].init.kind == ir::BufferInit::Kind::fill);
  REQUIRE(buffers[0].init.values.size() == 1);
  CHECK(sexpr(buffers[0].init.values[0]) == "0.5:f32");
  CHECK(p->span(buffers[0].init.range) == "2:30-2:40");
  CHECK(buffers[1].init.kind == ir::BufferInit::Kind::iota);
  CHECK(sexpr(buffers[1].init.values.at(0)) == "(neg 3:i32)");
  CHECK(buffers[2].init.kind == ir::BufferInit::Kind::list);
  REQUIRE(buffers[2].init.values.size() == 3);
  CHECK(sexpr(buffers[2].init.values[1]) == "(+ 2:i32 3:i32)");
  CHECK(sexpr(buffers[2].init.values[2]) == "N");
  CHECK(p->span(buffers[2].init.range) == "4:31-4:44");
}

TEST_CASE("an unknown type or space is reported at the word, with a suggestion", "[grammar]") {
  const auto p = graphc::test::parse_any("graph g {\n  buffer a : f33[4] devise;\n  param p : float;\n}\n");
  const auto all = p->diags.sorted();
  REQUIRE(all.size() == 3);
  CHECK(code_name(all[0].code) == "E0105");
  CHECK(p->span(all[0].range) == "2:14-2:17");
  CHECK(all[0].message == "unknown type 'f33'");
  REQUIRE(all[0].notes.size() == 1);
  CHECK(all[0].notes[0].message == "did you mean 'f32'?");
  CHECK(code_name(all[1].code) == "E0107");
  CHECK(p->span(all[1].range) == "2:21-2:27");
  CHECK(all[1].message == "unknown memory space 'devise' (expected device, host, managed or pageable)");
  REQUIRE(all[1].notes.size() == 1);
  CHECK(all[1].notes[0].message == "did you mean 'device'?");
  CHECK(code_name(all[2].code) == "E0105");
  CHECK(p->at(all[2].range) == "3:13");
  REQUIRE(all[2].notes.size() == 1);
  CHECK(all[2].notes[0].message == "did you mean 'f32'?");  // C++'s name, not float2's
}

TEST_CASE("declarations of each kind keep source order", "[grammar]") {
  const auto p = parse_ok(
      "graph g {\n  buffer b1 : f32[1] device;\n  const c1 = 1;\n  buffer b2 : f32[1] device;\n  const c2 = 2;\n  "
      "empty e1;\n  param p1 : f32;\n  empty e2;\n}\n");
  const auto& g = p->graph();
  REQUIRE(g.buffers.size() == 2);
  CHECK(g.buffers[0].name == "b1");
  CHECK(g.buffers[1].name == "b2");
  REQUIRE(g.consts.size() == 2);
  CHECK(g.consts[1].name == "c2");
  REQUIRE(g.nodes.size() == 2);
  CHECK(g.nodes[0].name == "e1");
  CHECK(g.nodes[1].name == "e2");
  CHECK(g.params.size() == 1);
}

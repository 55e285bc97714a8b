// Compile-time repetition: `for i in first..last { ... }` expands into one copy of its
// items per value, each expression naming i reading that value, `layer[i]` named layer_3.
#include <catch2/catch.hpp>

#include <variant>

#include "diag/render.h"
#include "frontend_test_support.h"

using namespace graphc;
using graphc::test::expect_error;
using graphc::test::parse_any;
using graphc::test::parse_ok;

TEST_CASE("a loop repeats its nodes and edges once per value, the variable a literal", "[loops]") {
  const auto p = parse_ok(R"(graph g {
  const N = 8;
  const L = 3;
  buffer b : f32[L * N] device;
  for i in 0..L {
    kernel k[i] : f<<<i + 1, 32>>>(b + i * N, i);
  }
  for i in 1..L { k[i - 1] -> k[i]; }
  k[L - 1] -> last;
  empty last;
}
)");
  const ir::Graph& g = p->graph();
  REQUIRE(g.nodes.size() == 4);
  CHECK(g.nodes[0].name == "k_0");
  CHECK(g.nodes[2].name == "k_2");
  const auto& k2 = std::get<ir::KernelNode>(g.nodes[2].op);
  CHECK(test::sexpr(k2.grid.at(0)) == "(+ 2:i32 1:i32)");
  CHECK(test::sexpr(k2.args.at(1).expr) == "2:i32");
  // Every copy has the source range of its template in the loop.
  CHECK(p->at(g.nodes[1].name_range) == "6:12");
  CHECK(p->at(g.nodes[2].name_range) == "6:12");
  REQUIRE(g.edges.size() == 3);
  CHECK(g.edges[0].from == "k_0");
  CHECK(g.edges[0].to == "k_1");
  CHECK(g.edges[1].from == "k_1");
  CHECK(g.edges[1].to == "k_2");
  CHECK(g.edges[2].from == "k_2");
  CHECK(g.edges[2].to == "last");
}

TEST_CASE("loops nest, in graphs and in conditional bodies, around calls", "[loops]") {
  const auto p = parse_ok(R"(graph g {
  for i in 0..2 {
    for j in i..2 { empty e[i * 2 + j]; }
  }
  if check (go) {
    for i in 0..2 { call c[i] : layer(x + i); }
  }
}
)");
  const ir::Graph& g = p->graph();
  std::vector<std::string> names;
  for (const ir::Node& n : g.nodes) names.push_back(n.name);
  CHECK(names == std::vector<std::string>{"e_0", "e_1", "e_3", "check", "c_0", "c_1"});
  CHECK(g.nodes[4].body == g.nodes[5].body);
  CHECK(g.nodes[4].body.valid());
  CHECK(test::sexpr(std::get<ir::ChildGraphNode>(g.nodes[5].op).args.at(0).expr) == "(+ x 1:i32)");
}

TEST_CASE("a negative index names the node with an m", "[loops]") {
  const auto p = parse_ok("graph g {\n  for i in -1..1 { empty e[i]; }\n}\n");
  CHECK(p->graph().nodes[0].name == "e_m1");
  CHECK(p->graph().nodes[1].name == "e_0");
}

TEST_CASE("loop errors: bounds, ranges, shadowing and unindexed names", "[loops]") {
  expect_error("graph g {\n  for i in 2..2 { empty e[i]; }\n}\n", DiagCode::empty_loop, "2:12",
               "loop over 'i' repeats nothing: its range 2..2 is empty; the end of a range is excluded, as in 0..L "
               "for L values");
  expect_error("graph g {\n  for i in 0..70000 { empty e[i]; }\n}\n", DiagCode::loop_too_long, "2:12",
               "loop over 'i' repeats its items 70000 times (with the loops around it), over the limit of 65536");
  expect_error("graph g {\n  param p : i32 = 2;\n  for i in 0..p { empty e[i]; }\n}\n", DiagCode::loop_integer, "3:15",
               "the end of the loop's range must be a compile-time integer (literals, consts and loop variables, "
               "int32 range): 'p' is not a const declared before it or a loop variable");
  expect_error("graph g {\n  for i in 0..2147483647 * 2 { empty e[i]; }\n}\n", DiagCode::loop_integer, "2:15",
               "the end of the loop's range must be a compile-time integer (literals, consts and loop variables, "
               "int32 range): its value 4294967294 is outside the int32 range");
  expect_error("graph g {\n  for i in 0..2 { for i in 0..2 { empty e[i]; } }\n}\n", DiagCode::loop_variable_shadows,
               "2:23", "loop variable 'i' hides loop variable 'i' of the same name; rename the variable");
  expect_error("graph g {\n  for i in 0..3 { empty e; }\n}\n", DiagCode::unindexed_loop_node, "2:25",
               "node 'e' is declared in a loop of 3 iterations without an index, so every iteration declares it "
               "again; name it 'e[i]'");
  // An error that every iteration repeats is reported once.
  const auto p = parse_any("graph g {\n  for i in 0..4 { for j in 0..p { empty e[i]; } }\n}\n");
  CHECK(p->diags.sorted().size() == 1);
}

TEST_CASE("loop syntax errors", "[loops]") {
  expect_error("graph g {\n  for in 0..2 { }\n}\n", DiagCode::syntax_error, "2:10",
               "expected 'in' and a range such as 0..L after the loop's variable");
  expect_error("graph g {\n  for i in 0 2 { }\n}\n", DiagCode::syntax_error, "2:14",
               "expected '..' after the first value of the loop's range, as in 0..L");
  expect_error("graph g {\n  for i in 0..2 empty e[i];\n}\n", DiagCode::syntax_error, "2:17",
               "expected '{' and the items the loop repeats after its range");
  expect_error("graph g {\n  for i in 0..2 { empty e[i; }\n}\n", DiagCode::syntax_error, "2:28",
               "expected ']' after the node's index");
  expect_error("graph g {\n  for i in 0..2 { const K = 3; }\n}\n", DiagCode::syntax_error, "2:19",
               "'const' declarations belong to the graph, not to a loop, which repeats nodes and edges: declare it "
               "before the loop, at the graph's level");
  expect_error("graph g {\n  buffer b : f32[8] device;\n  for i in 0..2 { view v : u32[2] of b; }\n}\n",
               DiagCode::syntax_error, "3:19",
               "'view' declarations belong to the graph, not to a loop, which repeats nodes and edges: declare it "
               "before the loop, at the graph's level");
  // In a body in a loop, the body's words.
  expect_error("graph g {\n  cond c;\n  for i in 0..1 { if b (c) { buffer x : f32[4] device; } }\n}\n",
               DiagCode::syntax_error, "3:30",
               "'buffer' declarations belong to the graph, not to a body: declare it before the conditional node, "
               "at the graph's level");
}

TEST_CASE("a YAML loop expands as its text form does", "[loops][yaml]") {
  const auto p = parse_ok(R"yaml(graphs:
  g:
    consts: {N: 8, L: 3}
    buffers:
      b: {type: f32, count: "L * N", space: device}
    nodes:
      last: {empty: {}}
    loops:
      - for: i
        in: [0, L]
        nodes:
          k[i]: {kernel: f, grid: "i + 1", block: 32, args: ["b + i * N", i]}
      - for: i
        in: [1, L]
        edges:
          - ["k[i - 1]", "k[i]"]
        loops:
          - for: j
            in: [0, 1]
            edges:
              - ["k[i + j]", last]
)yaml",
                          "t.yaml");
  const ir::Graph& g = p->graph();
  REQUIRE(g.nodes.size() == 4);
  CHECK(g.nodes[1].name == "k_0");
  CHECK(g.nodes[3].name == "k_2");
  const auto& k2 = std::get<ir::KernelNode>(g.nodes[3].op);
  CHECK(test::sexpr(k2.grid.at(0)) == "(+ 2:i32 1:i32)");
  CHECK(test::sexpr(k2.args.at(0).expr) == "(+ b (* 2:i32 N))");
  CHECK(p->at(g.nodes[3].name_range) == "12:11");
  std::vector<std::string> edges;
  for (const ir::Edge& e : g.edges) edges.push_back(e.from + "->" + e.to);
  CHECK(edges == std::vector<std::string>{"k_0->k_1", "k_1->last", "k_1->k_2", "k_2->last"});
}

TEST_CASE("a define replaces a const's value before loops expand, in both forms", "[loops][defines]") {
  const ir::ConstDefines defines{{"L", ir::Scalar::of_integer(ir::ScalarType::i32, 4)},
                                 {"S", ir::Scalar::of_float(ir::ScalarType::f32, 0.5)}};
  const auto text = parse_ok(R"(graph g {
  const L = 2;
  const S = 1.0f;
  const N = 8;
  buffer b : f32[L * N] device;
  for i in 0..L { kernel k[i] : f<<<1, 32>>>(b + i * N, S); }
}
)",
                             "t.graph", defines);
  const auto yaml = parse_ok(R"yaml(graphs:
  g:
    consts: {L: 2, S: 1.0f, N: 8}
    buffers:
      b: {type: f32, count: "L * N", space: device}
    loops:
      - for: i
        in: [0, L]
        nodes:
          k[i]: {kernel: f, grid: 1, block: 32, args: ["b + i * N", S]}
)yaml",
                             "t.yaml", defines);
  for (const auto* p : {text.get(), yaml.get()}) {
    const ir::Graph& g = p->graph();
    REQUIRE(g.nodes.size() == 4);  // 0..L with L = 4
    CHECK(g.nodes[3].name == "k_3");
    CHECK(test::sexpr(g.consts.at(0).value) == "4:i32");
    CHECK(test::sexpr(g.consts.at(1).value) == "0.5:f32");
    CHECK(test::sexpr(g.consts.at(2).value) == "8:i32");  // not defined: the file's
  }
}

TEST_CASE("YAML loop errors", "[loops][yaml]") {
  expect_error("graphs:\n  g:\n    loops:\n      - {for: i, in: [2, 2], nodes: {\"e[i]\": {empty: {}}}}\n",
               DiagCode::empty_loop, "4:23",
               "loop over 'i' repeats nothing: its range 2..2 is empty; the end of a range is excluded, as in 0..L "
               "for L values",
               "t.yaml");
  expect_error("graphs:\n  g:\n    loops:\n      - {for: i, in: [0, 2], nodes: {e: {empty: {}}}}\n",
               DiagCode::unindexed_loop_node, "4:38",
               "node 'e' is declared in a loop of 2 iterations without an index, so every iteration declares it "
               "again; name it 'e[i]'",
               "t.yaml");
  expect_error("graphs:\n  g:\n    loops:\n      - {for: i, in: [0], nodes: {}}\n", DiagCode::yaml_wrong_shape, "4:22",
               "the range of a loop must be a list of 2 values, [first, last], but it is a list of 1", "t.yaml");
}

TEST_CASE("a capture node in a loop takes an indexed name", "[loops]") {
  const auto p = parse_ok("graph g {\n  for i in 0..2 { capture c[i] : step(i); }\n  c[0] -> c[1];\n}\n");
  REQUIRE(p->graph().nodes.size() == 2);
  CHECK(p->graph().nodes[1].name == "c_1");
  CHECK(ir::kind_name(p->graph().nodes[1]) == "capture");
  CHECK(p->graph().edges.at(0).to == "c_1");
}

TEST_CASE("an indexed name's range covers the name and its index", "[loops]") {
  const auto p = parse_ok("graph g {\n  for i in 0..2 { empty e[i]; }\n  e[ 1 ] -> e[0];\n}\n");
  CHECK(p->span(p->graph().nodes[0].name_range) == "2:25-2:29");
  CHECK(p->span(p->graph().edges[0].from_range) == "3:3-3:9");
}

TEST_CASE("a diagnostic in a loop's copy names its iterations, innermost first", "[loops]") {
  const auto p = parse_any("graph g {\n  for i in 0..2 {\n    for j in 0..3 { empty e; }\n  }\n}\n");
  REQUIRE(p->diags.sorted().size() == 1);
  const std::string text = render(p->sources, p->diags.sorted()[0], RenderOptions{});
  CHECK(text == "t.graph:3:27: error[E0116]: node 'e' is declared in a loop of 6 iterations without an index, so every "
                "iteration declares it again; name it 'e[j]'\n"
                "    3 |     for j in 0..3 { empty e; }\n"
                "      |                           ^\n"
                "t.graph:3:9: note: in iteration j = 0 of this loop\n"
                "    3 |     for j in 0..3 { empty e; }\n"
                "      |         ^\n"
                "t.graph:2:7: note: in iteration i = 0 of this loop\n"
                "    2 |   for i in 0..2 {\n"
                "      |       ^\n");
  // Each copy has a place of its own, in the loop's file.
  const auto q = parse_ok("graph g {\n  for i in 0..2 { empty e[i]; }\n}\n");
  const SourceRange first = q->graph().nodes[0].name_range;
  const SourceRange second = q->graph().nodes[1].name_range;
  CHECK_FALSE(first.file == second.file);
  CHECK(q->span(first) == q->span(second));
  CHECK(q->sources.file(first.file).path() == "t.graph");
}

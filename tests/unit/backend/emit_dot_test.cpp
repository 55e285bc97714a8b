#include <catch2/catch.hpp>

#include <string>

#include "backend/dot/emit_dot.h"
#include "backend_test_support.h"

using namespace graphc;

TEST_CASE("DOT draws each node kind with its shape and label", "[codegen]") {
  const auto c = test::compile("t.graph", R"(module "k.cu";
graph g {
    buffer x : f32[64] device;
    buffer h : f32[64] host;
    empty  fork;
    kernel run : ns::scale<float><<<(2, 3), 32, 128>>>(x);
    copy   down : h[0:16] <- x[16:16];
    memset clear : x = 1.0f;
    host   report : print_result();
    fork -> {run, clear};
    run -> down -> report;
    run -> down;
}
)");
  CHECK(backend::emit_dot(c->module) ==
        "digraph \"g\" {\n"
        "  node [fontname=\"monospace\"];\n"
        "  \"fork\" [shape=circle, label=\"fork\"];\n"
        "  \"run\" [shape=box, label=\"run\\nns::scale<float><<<(2, 3, 1), (32, 1, 1), 128>>>(x)\"];\n"
        "  \"down\" [shape=cds, label=\"down\\nh[0:16] <- x[16:16]\\n64 bytes\"];\n"
        "  \"clear\" [shape=parallelogram, label=\"clear\\nx = 0x3f800000\\n64 x 4-byte elements\"];\n"
        "  \"report\" [shape=hexagon, label=\"report\\nprint_result()\"];\n"
        "  \"fork\" -> \"run\";\n"
        "  \"fork\" -> \"clear\";\n"
        "  \"run\" -> \"down\";\n"
        "  \"down\" -> \"report\";\n"
        "}\n");
}

TEST_CASE("DOT labels edges with non-default ports", "[codegen]") {
  const auto c = test::compile("t.graph", R"(module "k.cu";
graph first { kernel a : k<v<2>> <<<1, 1>>>(); kernel b : k<1><<<1, 1>>>(); a ->[launch_completion] b; }
graph second { empty e; }
)");
  CHECK(backend::emit_dot(c->module) == R"dot(digraph "first" {
  node [fontname="monospace"];
  "a" [shape=box, label="a\nk<v<2>><<<(1, 1, 1), (1, 1, 1), 0>>>()"];
  "b" [shape=box, label="b\nk<1><<<(1, 1, 1), (1, 1, 1), 0>>>()"];
  "a" -> "b" [style=dotted, label="launch_completion"];
}

digraph "second" {
  node [fontname="monospace"];
  "e" [shape=circle, label="e"];
}
)dot");
}

TEST_CASE("DOT labels a kernel node with its arguments, each as it reads", "[codegen]") {
  const auto c = test::compile("t.graph", R"(module "k.cu";
struct Pair {
    p : f32*;
    n : i32;
}
graph g {
    const N = 64;
    buffer x : f32[N] device;
    buffer img : f32[4][8] device;
    param scale : f32 = 2.0;
    cond again = 1;
    kernel k : step<<<1, N>>>(x + 8, scale, N * 2, 0.5f, nullptr, pitch(img), again, Pair{x, N});
    while loop (again) {
        empty e;
    }
    k -> loop;
}
graph tail [device_launch] {
    kernel t : launch<<<1, 1>>>(@tail);
}
)");
  const std::string dot = backend::emit_dot(c->module);
  CHECK_THAT(dot, Catch::Contains(R"dot("k" [shape=box, label="k\nstep<<<(1, 1, 1), (64, 1, 1), 0>>>)dot"
                                  R"dot((x + 8, scale, 128, 0.5, nullptr, pitch(img), again, Pair{x, 64})"];)dot"));
  CHECK_THAT(dot, Catch::Contains(R"dot("t" [shape=box, label="t\nlaunch<<<(1, 1, 1), (1, 1, 1), 0>>>(@tail)"];)dot"));
}

TEST_CASE("DOT escapes quotes and backslashes in labels", "[codegen]") {
  // Sema lets no such kernel name through (E0111); the DOT writer escapes whatever it gets.
  auto c = test::compile("t.graph", "module \"k.cu\";\ngraph g { kernel a : k<<<1, 1>>>(); }\n");
  std::get<ir::KernelNode>(c->module.graphs[0].nodes[0].op).function = R"(k<"q\">)";
  CHECK_THAT(backend::emit_dot(c->module), Catch::Contains(R"("a" [shape=box, label="a\nk<\"q\\\"><<<)"));
}

TEST_CASE("DOT draws programmatic edges dashed and event nodes with their own shapes", "[codegen]") {
  const auto c = test::compile("t.graph", R"(module "k.cu";
graph g {
    event done;
    kernel a : k<<<1, 1>>>();
    kernel b : k<<<1, 1>>>();
    record r : done;
    wait   w : done;
    a ->[programmatic] b -> r -> w;
}
)");
  CHECK(backend::emit_dot(c->module) == R"dot(digraph "g" {
  node [fontname="monospace"];
  "a" [shape=box, label="a\nk<<<(1, 1, 1), (1, 1, 1), 0>>>()"];
  "b" [shape=box, label="b\nk<<<(1, 1, 1), (1, 1, 1), 0>>>()"];
  "r" [shape=rarrow, label="r\nrecord done"];
  "w" [shape=octagon, label="w\nwait done"];
  "a" -> "b" [style=dashed, label="programmatic"];
  "b" -> "r";
  "r" -> "w";
}
)dot");
}

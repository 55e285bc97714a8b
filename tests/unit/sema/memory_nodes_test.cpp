// Memory nodes in the validator: what a free frees, double frees, the ordering of every
// use of an allocation between its alloc and its free, unfreed allocations, and memory
// nodes in conditional bodies.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("an alloc's memory works as a buffer in kernel arguments, copies and memsets", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer x : f32[16] device;
  alloc tmp : f32[16];
  memset clear : tmp = 0;
  kernel k : f<<<1, 16>>>(tmp, tmp + 4, x);
  copy back : x[0:8] <- tmp[8:8];
  free release : tmp;
  tmp -> clear -> k -> back -> release;
}
)");
  REQUIRE(a->sorted().empty());
  const ir::Graph& g = a->graph();
  const ir::BufferId memory = std::get<ir::AllocNode>(a->node("tmp").op).buffer;
  CHECK(g.buffer(memory).count_value == 16);
  CHECK(g.buffer(memory).bytes() == 64);
  const auto& k = std::get<ir::KernelNode>(a->node("k").op);
  REQUIRE(k.args[1].kind == ir::KernelArg::Kind::buffer);
  CHECK(k.args[1].buffer == memory);
  CHECK(k.args[1].offset == 4);
  const auto& back = std::get<ir::CopyNode>(a->node("back").op);
  CHECK(back.kind == ir::CopyKind::device_to_device);
  CHECK(back.bytes_value == 32);
  CHECK(std::get<ir::MemsetNode>(a->node("clear").op).element_size == 4);
  const auto& free = std::get<ir::FreeNode>(a->node("release").op);
  CHECK(free.alloc_id == *g.find_node("tmp"));
  CHECK(free.buffer == memory);
  // The edge from the alloc's name resolves to the alloc node.
  CHECK(g.edges[0].from_id == *g.find_node("tmp"));
}

TEST_CASE("an alloc's name is declared once: a second declaration is a duplicate", "[sema]") {
  const auto a = analyze_text("graph g {\n  alloc t : u8[4];\n  empty t;\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[1], DiagCode::duplicate_name, "3:9", "'t' is already declared in this scope");
}

TEST_CASE("a free must name an alloc", "[sema]") {
  auto a = analyze_text("graph g {\n  buffer x : f32[4] device;\n  free f : x;\n}\n");
  const Diagnostic d =
      single_diag(*a, DiagCode::free_not_alloc, "3:12",
                  "free 'f' releases 'x', which is a buffer, not an alloc; a mem free node frees only "
                  "memory that a mem alloc node of the same graph allocated (cudaGraphAddMemFreeNode)");
  CHECK(a->notes(d) == "2:10: 'x' is declared here\n");

  a = analyze_text("graph g {\n  empty e;\n  free f : e;\n}\n");
  single_diag(*a, DiagCode::free_not_alloc, "3:12",
              "free 'f' releases 'e', which is a node, not an alloc; a mem free node frees only memory that a mem "
              "alloc node of the same graph allocated (cudaGraphAddMemFreeNode)");

  a = analyze_text("graph g {\n  alloc tmp : u8[4];\n  free f : tmpp;\n  tmp -> f;\n}\n");
  auto all = a->sorted();
  REQUIRE(all.size() == 2);  // and tmp is then never freed
  test::check_diag(*a, all[1], DiagCode::unknown_node, "3:12", "unknown node 'tmpp'");
  CHECK(a->notes(all[1]) == "2:9: did you mean 'tmp'?\n");
}

TEST_CASE("an allocation is freed at most once", "[sema]") {
  const auto a =
      analyze_text("graph g {\n  alloc tmp : u8[4];\n  free f1 : tmp;\n  free f2 : tmp;\n  tmp -> {f1, f2};\n}\n");
  const Diagnostic d = single_diag(*a, DiagCode::double_free, "4:13",
                                   "alloc 'tmp' is already freed by 'f1'; a graph allocation freed in its owning graph "
                                   "can be freed only once there");
  CHECK(a->notes(d) == "3:8: 'tmp' is freed by 'f1' here\n");
}

TEST_CASE("every use of an allocation comes after its alloc", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  alloc tmp : f32[4];
  kernel early : f<<<1, 4>>>(tmp);
  free release : tmp;
  early -> tmp -> release;
}
)");
  auto all = a->sorted();
  REQUIRE(all.size() == 1);
  test::check_diag(*a, all[0], DiagCode::use_before_alloc, "3:30",
                   "kernel node 'early' uses 'tmp' but is not ordered after alloc 'tmp'; a graph allocation may be "
                   "accessed only by nodes ordered after its mem alloc node along the graph's edges");
  CHECK(a->notes(all[0]) == "2:9: alloc 'tmp' is declared here\n");
}

TEST_CASE("every use of an allocation comes before its free", "[sema]") {
  auto a = analyze_text(R"(graph g {
  buffer x : f32[4] device;
  alloc tmp : f32[4];
  free release : tmp;
  copy late : x <- tmp;
  tmp -> release;
  tmp -> late;
}
)");
  Diagnostic d = single_diag(*a, DiagCode::use_after_free, "5:20",
                             "copy node 'late' uses 'tmp' but is not ordered before free 'release'; a graph allocation "
                             "freed in its graph may be accessed only by nodes ordered before its mem free node along "
                             "the graph's edges");
  CHECK(a->notes(d) == "4:8: 'tmp' is freed here\n");

  // After the free is no better than beside it.
  a = analyze_text(R"(graph g {
  alloc tmp : u8[4];
  free release : tmp;
  memset late : tmp = 1;
  tmp -> release -> late;
}
)");
  single_diag(*a, DiagCode::use_after_free, "4:17",
              "memset node 'late' uses 'tmp' but is not ordered before free 'release'; a graph allocation freed in its "
              "graph may be accessed only by nodes ordered before its mem free node along the graph's edges");
}

TEST_CASE("a free comes after its alloc", "[sema]") {
  const auto a = analyze_text("graph g {\n  alloc tmp : u8[4];\n  free release : tmp;\n}\n");
  const Diagnostic d = single_diag(*a, DiagCode::free_before_alloc, "3:8",
                                   "free 'release' is not ordered after alloc 'tmp'; a mem free node must come after "
                                   "the mem alloc node of its memory along the graph's edges");
  CHECK(a->notes(d) == "2:9: alloc 'tmp' is declared here\n");
}

TEST_CASE("a use inside a conditional body is ordered by its conditional node", "[sema]") {
  auto a = analyze_text(R"(graph g {
  cond c = 1;
  alloc tmp : f32[4];
  while loop (c) { kernel step : f<<<1, 4>>>(tmp, c); }
  free release : tmp;
  tmp -> loop -> release;
}
)");
  CHECK(a->sorted().empty());

  a = analyze_text(R"(graph g {
  cond c = 1;
  alloc tmp : f32[4];
  while loop (c) { kernel step : f<<<1, 4>>>(tmp, c); }
  free release : tmp;
  tmp -> release -> loop;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::use_after_free, "4:46",
                                   "kernel node 'step' uses 'tmp' but is not ordered before free 'release'; a graph "
                                   "allocation freed in its graph may be accessed only by nodes ordered before its mem "
                                   "free node along the graph's edges");
  CHECK(a->notes(d) ==
        "4:9: 'step' runs inside while 'loop', which is what the graph's edges order\n5:8: 'tmp' is freed here\n");
}

TEST_CASE("an alloc that the graph never frees is a warning saying what CUDA then needs", "[sema]") {
  const auto a = analyze_text("graph g {\n  alloc out : f32[4];\n  kernel k : f<<<1, 4>>>(out);\n  out -> k;\n}\n");
  CHECK(a->ok);
  single_diag(*a, DiagCode::alloc_not_freed, "2:9",
              "alloc 'out' has no free node in graph 'g'; its memory outlives the launch until cudaFreeAsync, cudaFree "
              "or a free node in another graph releases it, and relaunching the graph while it is unfreed fails "
              "(cudaGraphLaunch: cudaErrorInvalidValue) unless it was instantiated with "
              "cudaGraphInstantiateFlagAutoFreeOnLaunch");
}

TEST_CASE("memory nodes cannot be in a conditional body", "[sema]") {
  const auto a = analyze_text(
      "graph g {\n  cond c = 1;\n  if n (c) {\n    alloc a : u8[4];\n    free f : a;\n    a -> f;\n  }\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::body_node_kind, "4:11",
                   "alloc node 'a' cannot be in the body of if 'n': a conditional body may hold only kernel, empty, "
                   "memcpy, memset, child graph and conditional nodes");
  CHECK(a->notes(all[0]) ==
        "3:6: 'n' is declared here\nmem alloc and mem free nodes belong to the graph itself: alloc before 'n' and free "
        "after it\n");
  test::check_diag(*a, all[1], DiagCode::body_node_kind, "5:10",
                   "free node 'f' cannot be in the body of if 'n': a conditional body may hold only kernel, empty, "
                   "memcpy, memset, child graph and conditional nodes");
}

TEST_CASE("an alloc's name is a node in edges and a buffer elsewhere", "[sema]") {
  auto a = analyze_text(
      "graph g {\n  alloc tmp : f32[4];\n  param p : f32;\n  kernel k : f<<<1, 4>>>(tmp);\n  tmp -> k -> p;\n}\n");
  auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(
      *a, all[0], DiagCode::alloc_not_freed, "2:9",
      "alloc 'tmp' has no free node in graph 'g'; its memory outlives the launch until cudaFreeAsync, "
      "cudaFree or a free node in another graph releases it, and relaunching the graph while it is unfreed "
      "fails (cudaGraphLaunch: cudaErrorInvalidValue) unless it was instantiated with "
      "cudaGraphInstantiateFlagAutoFreeOnLaunch");
  test::check_diag(*a, all[1], DiagCode::wrong_kind, "5:15", "'p' is a param, but a node is needed here");

  // In an expression it is the wrong kind of name, described as an alloc.
  a = analyze_text("graph g {\n  alloc tmp : f32[4];\n  const N = tmp;\n  free f : tmp;\n  tmp -> f;\n}\n");
  single_diag(*a, DiagCode::wrong_kind, "3:13", "'tmp' is a mem alloc node, but a constant is needed here");
}

// Edge ports: programmatic and launch_completion edges only between kernel nodes (E0701
// for the source, E0702 for the target, once per name as written, with a note at the
// node's declaration); one port per pair of nodes (E0703, the later edge dropped).
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("port edges between kernel nodes are valid and keep their port", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  kernel a : k<<<1, 1>>>();
  kernel b : k<<<1, 1>>>();
  kernel c : k<<<1, 1>>>();
  a ->[programmatic] b ->[launch_completion] c;
  a -> c;
}
)");
  CHECK(a->ok);
  CHECK(a->sorted().empty());
  REQUIRE(a->graph().edges.size() == 3);
  CHECK(a->graph().edges[0].port == ir::EdgePort::programmatic);
  CHECK(a->graph().edges[1].port == ir::EdgePort::launch_completion);
  CHECK(a->graph().edges[2].port == ir::EdgePort::default_);
}

TEST_CASE("a port edge from a node that is not a kernel", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer x : f32[4] device;
  memset clear : x = 0;
  kernel b : k<<<1, 1>>>();
  clear ->[programmatic] b;
}
)");
  CHECK_FALSE(a->ok);
  const Diagnostic d = single_diag(*a, DiagCode::port_from_not_kernel, "5:3",
                                   "programmatic edge from memset node 'clear'; CUDA allows programmatic dependencies "
                                   "only between kernel nodes");
  CHECK(a->notes(d) == "3:10: 'clear' is declared here\n");
}

TEST_CASE("a port edge into a node that is not a kernel, in CUDA's words for the kind", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer x : f32[4] device;
  buffer y : f32[4] device;
  kernel a : k<<<1, 1>>>();
  copy   c : y <- x;
  a ->[launch_completion] c;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::port_into_not_kernel, "6:27",
                                   "launch_completion edge into memcpy node 'c'; CUDA allows programmatic "
                                   "dependencies only between kernel nodes");
  CHECK(a->notes(d) == "5:10: 'c' is declared here\n");
}

TEST_CASE("a name written once is reported once: a group's source, a chain's middle", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  event e;
  empty  fork;
  kernel b : k<<<1, 1>>>();
  kernel c : k<<<1, 1>>>();
  record r : e;
  fork ->[programmatic] {b, c};
  b ->[programmatic] r ->[programmatic] c;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::port_from_not_kernel, "7:3",
                   "programmatic edge from empty node 'fork'; CUDA allows programmatic dependencies only between "
                   "kernel nodes");
  CHECK(a->notes(all[0]) == "3:10: 'fork' is declared here\n");
  test::check_diag(*a, all[1], DiagCode::port_into_not_kernel, "8:22",
                   "programmatic edge into event record node 'r'; CUDA allows programmatic dependencies only "
                   "between kernel nodes");
}

TEST_CASE("the same edge with two ports is an error, and the later edge is dropped", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  kernel a : k<<<1, 1>>>();
  kernel b : k<<<1, 1>>>();
  a -> b;
  a ->[programmatic] b;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::port_conflict, "5:8",
                                   "edge 'a' -> 'b' is given with the programmatic port and with the default port; "
                                   "CUDA allows one dependency between two nodes, with one port");
  CHECK(a->notes(d) == "4:5: first given here with the default port\n");
  REQUIRE(a->graph().edges.size() == 1);
  CHECK(a->graph().edges[0].port == ir::EdgePort::default_);
}

TEST_CASE("two ports on one pair point at the later port word", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  kernel a : k<<<1, 1>>>();
  kernel b : k<<<1, 1>>>();
  a ->[programmatic] b;
  a ->[launch_completion] b;
  a ->[programmatic] b;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::port_conflict, "5:8",
                   "edge 'a' -> 'b' is given with the launch_completion port and with the programmatic port; CUDA "
                   "allows one dependency between two nodes, with one port");
  CHECK(a->notes(all[0]) == "4:8: first given here with the programmatic port\n");
  // The same port twice is the structure rule's duplicate edge, a warning.
  test::check_diag(*a, all[1], DiagCode::duplicate_edge, "6:5",
                   "duplicate edge 'a' -> 'b'; CUDA rejects duplicate dependencies, so it is given once");
}

TEST_CASE("an unknown end of a port edge is only the name error", "[sema]") {
  const auto a = analyze_text("graph g {\n  kernel a : k<<<1, 1>>>();\n  a ->[programmatic] bb;\n}\n");
  single_diag(*a, DiagCode::unknown_node, "3:22", "unknown node 'bb'");
}

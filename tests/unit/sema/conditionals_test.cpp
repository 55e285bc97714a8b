// Conditional nodes in the validator: the cond each node tests, cond scopes, defaults,
// switch cases, what bodies may hold, edges across bodies, and the two warnings.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("a valid graph with every conditional kind resolves its conds and kernel handles", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer x : f32[4] device;
  cond again = 1;
  cond which = 3 - 1;
  kernel first : k<<<1, 1>>>(which);
  while loop (again) {
    kernel step : k<<<1, 1>>>(again, x);
  }
  switch pick (which) {
    case 0 { }
    case 1 {
      cond inner;
      kernel set : k<<<1, 1>>>(inner);
      if maybe (inner) { empty e; } else { copy c : x[0:2] <- x[2:2]; }
      set -> maybe;
    }
  }
  first -> loop -> pick;
}
)");
  REQUIRE(a->sorted().empty());
  const ir::Graph& g = a->graph();
  CHECK(g.cond(std::get<ir::ConditionalNode>(a->node("loop").op).cond_id).name == "again");
  CHECK(g.cond(std::get<ir::ConditionalNode>(a->node("maybe").op).cond_id).name == "inner");
  CHECK(g.conds[0].folded_default == 1);
  CHECK(g.conds[1].folded_default == 2);
  const auto& step = std::get<ir::KernelNode>(a->node("step").op);
  REQUIRE(step.args[0].kind == ir::KernelArg::Kind::cond);
  CHECK(g.cond(step.args[0].cond).name == "again");
}

TEST_CASE("the tested name must be a cond", "[sema]") {
  auto a = analyze_text("graph g {\n  cond again = 1;\n  if n (agin) { }\n}\n");
  auto all = a->sorted();
  REQUIRE(all.size() == 2);  // and 'again' is then unused
  test::check_diag(*a, all[1], DiagCode::unknown_name, "3:9", "unknown name 'agin'");
  CHECK(a->notes(all[1]) == "2:8: did you mean 'again'?\n");
  test::check_diag(*a, all[0], DiagCode::cond_unused, "2:8",
                   "cond 'again' is tested by no conditional node; CUDA fails to instantiate a graph with a "
                   "conditional handle that no conditional node uses");

  a = analyze_text("graph g {\n  buffer x : f32[4] device;\n  if n (x) { }\n}\n");
  single_diag(*a, DiagCode::wrong_kind, "3:9", "'x' is a buffer, but a cond is needed here");
}

TEST_CASE("a handle belongs to one conditional node, in the graph or body that declares it", "[sema]") {
  auto a = analyze_text("graph g {\n  cond c = 1;\n  if one (c) { }\n  while two (c) { }\n}\n");
  auto all = a->sorted();
  REQUIRE(all.size() == 1);
  test::check_diag(*a, all[0], DiagCode::cond_reused, "4:14",
                   "cond 'c' is already tested by 'one'; a conditional handle belongs to exactly one conditional node");
  CHECK(a->notes(all[0]) == "3:11: 'one' tests it here\n");

  a = analyze_text("graph g {\n  cond c = 1;\n  cond d = 1;\n  if one (c) {\n    if two (d) { }\n  }\n}\n");
  const Diagnostic d =
      single_diag(*a, DiagCode::cond_scope, "5:13",
                  "cond 'd' is declared in graph 'g', but its conditional node 'two' is in the body of if 'one'; a "
                  "conditional handle is created on the graph that holds its conditional node "
                  "(cudaGraphConditionalHandleCreate), so declare it there");
  CHECK(a->notes(d) == "3:8: 'd' is declared here\n");

  // Declared in the else body, tested in the then body.
  a = analyze_text(
      "graph g {\n  cond c = 1;\n  if one (c) {\n    if two (d) { }\n  } else {\n    cond d = 0;\n  }\n}\n");
  single_diag(*a, DiagCode::cond_scope, "4:13",
              "cond 'd' is declared in the else body of if 'one', but its conditional node 'two' is in the body of "
              "if 'one'; a conditional handle is created on the graph that holds its conditional node "
              "(cudaGraphConditionalHandleCreate), so declare it there");
}

TEST_CASE("a kernel passes a cond only inside the body that declares it", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  cond c = 1;
  if one (c) {
    cond d = 1;
    while two (d) { kernel in_loop : k<<<1, 1>>>(d); }
  }
  kernel outside : k<<<1, 1>>>(d);
}
)");
  single_diag(*a, DiagCode::cond_not_visible, "7:32",
              "cond 'd' is declared in the body of if 'one', and kernel node 'outside' is outside that body; a "
              "conditional handle is set only by kernels of the graph it is created on and of the bodies inside it");
}

TEST_CASE("cond defaults are unsigned ints, switch cases are 0, 1, 2, ...", "[sema]") {
  auto a = analyze_text("graph g {\n  cond c = 4294967296;\n  if n (c) { }\n}\n");
  single_diag(*a, DiagCode::cond_default_range, "2:12",
              "default of cond 'c' is 4294967296; a conditional handle holds an unsigned int (0 to 4294967295)");
  a = analyze_text("graph g {\n  cond c = 1.5;\n  if n (c) { }\n}\n");
  single_diag(*a, DiagCode::expected_integer, "2:12",
              "a cond's default must be an integer, but this expression is f64");
  a = analyze_text("graph g {\n  cond c = 0;\n  switch s (c) { case 0 { } case 1 { } case 3 { } }\n}\n");
  single_diag(*a, DiagCode::switch_case_order, "3:45",
              "case 3 of switch 's' is its case number 2; cases are written in order from 0, since CUDA runs body n "
              "when the handle is n");
}

TEST_CASE("a conditional body holds only kernel, empty, memcpy, memset and conditional nodes", "[sema]") {
  auto a = analyze_text("graph g {\n  cond c = 1;\n  while w (c) {\n    host h : f();\n  }\n}\n");
  auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(
      *a, all[0], DiagCode::while_never_ends, "3:9",
      "no kernel in the body of while 'w' receives its cond 'c'; once the loop starts, nothing can end it");
  test::check_diag(*a, all[1], DiagCode::body_node_kind, "4:10",
                   "host node 'h' cannot be in the body of while 'w': a conditional body may hold only kernel, empty, "
                   "memcpy, memset, child graph and conditional nodes");
  CHECK(a->notes(all[1]) == "3:9: 'w' is declared here\n");

  // Managed memory at either end of a copy in a body; host (pinned) and device are fine.
  a = analyze_text(R"(graph g {
  buffer d : f32[4] device;
  buffer h : f32[4] host;
  buffer m : f32[4] managed;
  cond c = 1;
  if n (c) {
    copy ok : h <- d;
    copy bad : m <- d;
  }
  copy fine_outside : m <- d;
}
)");
  const Diagnostic d =
      single_diag(*a, DiagCode::body_copy_memory, "8:16",
                  "copy 'bad' in the body of if 'n' writes 'm', which is managed memory; a memcpy in a "
                  "conditional body may copy only between device memory and pinned host memory");
  CHECK(a->notes(d) == "4:10: 'm' is declared here\n");
}

TEST_CASE("an edge joins nodes of one graph or body, reported once per token", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  cond c = 1;
  empty top;
  if n (c) {
    empty inner;
    empty other;
    other -> top -> inner;
  }
}
)");
  const Diagnostic d = single_diag(
      *a, DiagCode::edge_across_bodies, "7:14",
      "edge 'other' -> 'top' joins nodes of different graphs: 'top' is in graph 'g', but the edge is in the "
      "body of if 'n'; each conditional body is a graph of its own, and an edge joins nodes of one graph");
  CHECK(a->notes(d) == "3:9: 'top' is declared here\n");
}

TEST_CASE("node names are unique across a graph and its bodies", "[sema]") {
  const auto a = analyze_text("graph g {\n  cond c = 1;\n  empty x;\n  if n (c) { empty x; }\n}\n");
  single_diag(*a, DiagCode::duplicate_name, "4:20", "'x' is already declared in this scope");
}

TEST_CASE("a handle nothing sets before its node warns, set upstream or by default it does not", "[sema]") {
  auto a = analyze_text("graph g {\n  cond c;\n  if n (c) { }\n}\n");
  const Diagnostic d =
      single_diag(*a, DiagCode::cond_never_set, "3:9",
                  "cond 'c' has no default and no kernel upstream of if 'n' receives it, so the node tests a value "
                  "that is undefined at launch: give it a default (cond c = 0;) or set it in a kernel before the node");
  CHECK(d.severity == Severity::warning);
  // Set by a kernel two edges upstream.
  a = analyze_text(
      "graph g {\n  cond c;\n  kernel s : k<<<1, 1>>>(c);\n  empty m;\n  if n (c) { }\n  s -> m -> n;\n}\n");
  CHECK(a->sorted().empty());
  // Set by a kernel that is not upstream: still a warning.
  a = analyze_text("graph g {\n  cond c;\n  kernel s : k<<<1, 1>>>(c);\n  if n (c) { }\n  n -> s;\n}\n");
  REQUIRE(a->sorted().size() == 1);
  CHECK(a->sorted()[0].code == DiagCode::cond_never_set);
  // Set only inside a nested body of a while: the while tests it before its first iteration,
  // so that setter decides later iterations only (and W0402 stays quiet).
  a = analyze_text(R"(graph g {
  cond c;
  while w (c) {
    cond d = 1;
    if n (d) { kernel s : k<<<1, 1>>>(c); }
  }
}
)");
  single_diag(*a, DiagCode::cond_never_set, "3:12",
              "cond 'c' has no default and no kernel upstream of while 'w' receives it, so the node tests a value "
              "that is undefined at launch (a while tests it before its first iteration too): give it a default "
              "(cond c = 1;) or set it in a kernel before the node");
  // An if's body that sets its own cond does not decide the test either.
  a = analyze_text("graph g {\n  cond c;\n  if n (c) { kernel s : k<<<1, 1>>>(c); }\n}\n");
  REQUIRE(a->sorted().size() == 1);
  CHECK(a->sorted()[0].code == DiagCode::cond_never_set);
}

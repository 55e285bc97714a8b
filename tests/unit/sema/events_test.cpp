// Events: record and wait nodes resolve their event (unknown, with "did you mean" among
// events; wrong kind); events share the graph's namespace; a record and a wait of one
// event that no path orders are a warning (W0302) with a note at the record node.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("record and wait nodes resolve their event", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  event first;
  event second;
  record r : second;
  wait   w : second;
  record q : first;
  r -> w;
}
)");
  CHECK(a->ok);
  CHECK(a->sorted().empty());
  CHECK(std::get<ir::EventRecordNode>(a->node("r").op).id.value == 1);
  CHECK(std::get<ir::EventWaitNode>(a->node("w").op).id.value == 1);
  CHECK(std::get<ir::EventRecordNode>(a->node("q").op).id.value == 0);
}

TEST_CASE("an unknown event suggests only events", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  event done;
  buffer dome : f32[4] device;
  record r : don;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::unknown_name, "4:14", "unknown name 'don'");
  CHECK(a->notes(d) == "2:9: did you mean 'done'?\n");
  CHECK_FALSE(std::get<ir::EventRecordNode>(a->node("r").op).id.valid());
}

TEST_CASE("a wait on a name of another kind is the wrong kind", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer data : f32[4] device;
  wait w : data;
}
)");
  const Diagnostic d =
      single_diag(*a, DiagCode::wrong_kind, "3:12", "'data' is a buffer, but a CUDA event is needed here");
  CHECK(a->notes(d) == "2:10: 'data' is declared here\n");
}

TEST_CASE("events share the graph's namespace", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  empty done;
  event done;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::duplicate_name, "3:9", "'done' is already declared in this scope");
  CHECK(a->notes(d) == "2:9: previous declaration of 'done' is here\n");
}

TEST_CASE("an event used as a node or a kernel argument is the wrong kind", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  event e;
  empty x;
  kernel k : f<<<1, 1>>>(e);
  x -> e;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::wrong_kind, "4:26",
                   "'e' is a CUDA event, but a buffer, param, cond or constant is needed here");
  test::check_diag(*a, all[1], DiagCode::wrong_kind, "5:8", "'e' is a CUDA event, but a node is needed here");
}

TEST_CASE("a record and a wait of one event in parallel branches are a warning", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  event e;
  empty  start;
  record r : e;
  wait   w : e;
  start -> {r, w};
}
)");
  CHECK(a->ok);
  const Diagnostic d = single_diag(*a, DiagCode::unordered_event, "5:10",
                                   "'w' waits for event 'e', which 'r' records, but no path of edges orders the two "
                                   "nodes; which record the wait sees depends on launch timing");
  CHECK(a->notes(d) == "4:10: 'r' records event 'e' here\n");
}

TEST_CASE("a path either way orders a record and a wait", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  event e;
  event f;
  kernel k : f<<<1, 1>>>();
  record r : e;
  wait   w : e;
  wait   v : f;
  record s : f;
  r -> k -> w;
  v -> s;
}
)");
  CHECK(a->ok);
  CHECK(a->sorted().empty());
}

TEST_CASE("every unordered pair is reported, waits in source order", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  event e;
  record r1 : e;
  record r2 : e;
  wait   w  : e;
  r1 -> w;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::unordered_event, "5:10",
                                   "'w' waits for event 'e', which 'r2' records, but no path of edges orders the two "
                                   "nodes; which record the wait sees depends on launch timing");
  CHECK(a->notes(d) == "4:10: 'r2' records event 'e' here\n");
}

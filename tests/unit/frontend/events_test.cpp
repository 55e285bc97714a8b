// Events: `event NAME;` declarations and the `record` and `wait` nodes that name them;
// their syntax errors.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using graphc::DiagCode;
using graphc::test::expect_error;
using graphc::test::parse_ok;
namespace ir = graphc::ir;

TEST_CASE("event: name and ranges, in source order", "[grammar]") {
  const auto p = parse_ok("graph g {\n  event done;\n  empty e;\n  event  ready ;\n}\n");
  const auto& events = p->graph().events;
  REQUIRE(events.size() == 2);
  CHECK(events[0].name == "done");
  CHECK(p->span(events[0].name_range) == "2:9-2:13");
  CHECK(p->span(events[0].range) == "2:3-2:14");
  CHECK(events[1].name == "ready");
  CHECK(p->span(events[1].range) == "4:3-4:17");
  CHECK(p->graph().nodes.size() == 1);
}

TEST_CASE("record and wait nodes name their event", "[grammar]") {
  const auto p = parse_ok("graph g {\n  record r : done;\n  wait   w : done;\n}\n");
  const ir::Node& r = p->node("r");
  CHECK(ir::kind_name(r) == "record");
  CHECK(p->span(r.name_range) == "2:10-2:11");
  CHECK(p->span(r.range) == "2:3-2:19");
  REQUIRE(std::holds_alternative<ir::EventRecordNode>(r.op));
  const auto& record = std::get<ir::EventRecordNode>(r.op);
  CHECK(record.event == "done");
  CHECK(p->span(record.event_range) == "2:14-2:18");
  CHECK_FALSE(record.id.valid());

  const ir::Node& w = p->node("w");
  CHECK(ir::kind_name(w) == "wait");
  REQUIRE(std::holds_alternative<ir::EventWaitNode>(w.op));
  const auto& wait = std::get<ir::EventWaitNode>(w.op);
  CHECK(wait.event == "done");
  CHECK(p->span(wait.event_range) == "3:14-3:18");
}

TEST_CASE("record and wait nodes take part in edges", "[grammar]") {
  const auto p = parse_ok("graph g {\n  event e;\n  record r : e;\n  wait w : e;\n  r -> w;\n}\n");
  REQUIRE(p->graph().edges.size() == 1);
  CHECK(p->graph().edges[0].from == "r");
  CHECK(p->graph().edges[0].to == "w");
}

TEST_CASE("event, record and wait syntax errors", "[grammar]") {
  expect_error("graph g {\n  event;\n}\n", DiagCode::syntax_error, "2:8", "expected the event's name after 'event'");
  expect_error("graph g {\n  event e\n  empty x;\n}\n", DiagCode::syntax_error, "2:10",
               "expected '[' and the event's attributes, or ';', after the event's name");
  expect_error("graph g {\n  event e : f32;\n}\n", DiagCode::syntax_error, "2:11",
               "expected '[' and the event's attributes, or ';', after the event's name");
  expect_error("graph g {\n  event e [];\n}\n", DiagCode::syntax_error, "2:12",
               "expected an event attribute, such as timing");
  expect_error("graph g {\n  event e [timing;\n}\n", DiagCode::syntax_error, "2:18",
               "expected ',' or ']' after an event attribute");
  expect_error("graph g {\n  record r;\n}\n", DiagCode::syntax_error, "2:11",
               "expected ':' and the event after the node's name");
  expect_error("graph g {\n  record : e;\n}\n", DiagCode::syntax_error, "2:10",
               "expected the node's name after 'record'");
  expect_error("graph g {\n  record r : ;\n}\n", DiagCode::syntax_error, "2:14", "expected the event the node records");
  expect_error("graph g {\n  record r : e\n}\n", DiagCode::syntax_error, "2:15", "expected ';' after the record node");
  expect_error("graph g {\n  wait w e;\n}\n", DiagCode::syntax_error, "2:10",
               "expected ':' and the event after the node's name");
  expect_error("graph g {\n  wait ;\n}\n", DiagCode::syntax_error, "2:8", "expected the node's name after 'wait'");
  expect_error("graph g {\n  wait w : 3;\n}\n", DiagCode::syntax_error, "2:12",
               "expected the event the node waits for");
  expect_error("graph g {\n  wait w : e e;\n}\n", DiagCode::syntax_error, "2:14", "expected ';' after the wait node");
}

TEST_CASE("event, record and wait are reserved words", "[grammar]") {
  expect_error("graph g {\n  event record;\n}\n", DiagCode::syntax_error, "2:9",
               "'record' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  wait w : event;\n}\n", DiagCode::syntax_error, "2:12",
               "'event' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  a -> wait;\n}\n", DiagCode::syntax_error, "2:8",
               "'wait' is a reserved word and cannot be used as a name");
}

TEST_CASE("a misspelt event keyword gets a suggestion", "[grammar]") {
  struct Case {
    std::string text;
    std::string note;
  };
  const std::vector<Case> cases = {
      {"graph g {\n  evnt e;\n}\n", "2:3: did you mean 'event'?"},
      {"graph g {\n  recrd r : e;\n}\n", "2:3: did you mean 'record'?"},
      {"graph g {\n  wai w : e;\n}\n", "2:3: did you mean 'wait'?"},
  };
  for (const Case& c : cases) {
    const auto p = graphc::test::parse_any(c.text);
    const auto all = p->diags.sorted();
    INFO(c.text);
    REQUIRE(all.size() == 1);
    CHECK(code_name(all[0].code) == "E0001");
    std::string notes;
    for (const auto& note : all[0].notes) notes += p->at(note.range) + ": " + note.message;
    CHECK(notes == c.note);
  }
}

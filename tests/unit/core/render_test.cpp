#include <catch2/catch.hpp>

#include "diag/diagnostic.h"
#include "diag/loop_copies.h"
#include "diag/render.h"

using namespace graphc;

TEST_CASE("codes.def drives code names, severities and formats", "[diag]") {
  CHECK(code_name(DiagCode::unknown_node) == "E0102");
  CHECK(severity_of(DiagCode::unknown_node) == Severity::error);
  CHECK(code_name(DiagCode::duplicate_edge) == "W0301");
  CHECK(severity_of(DiagCode::duplicate_edge) == Severity::warning);
}

TEST_CASE("a diagnostic renders with its line, caret and notes", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("s.graph", "graph g {\n  empty forward;\n  upload -> forwrd;\n}\n");
  DiagEngine diags;
  diags.report(DiagCode::unknown_node, SourceRange{f, 39, 45}, "forwrd")
      .note(SourceRange{f, 18, 25}, "did you mean '{}'?", "forward");
  REQUIRE(diags.has_errors());
  const std::string text = render_all(sm, diags.sorted());
  CHECK(text == "s.graph:3:13: error[E0102]: unknown node 'forwrd'\n"
                "    3 |   upload -> forwrd;\n"
                "      |             ^~~~~~\n"
                "s.graph:2:9: note: did you mean 'forward'?\n"
                "    2 |   empty forward;\n"
                "      |         ^~~~~~~\n"
                "1 error\n");
}

TEST_CASE("diagnostics sort by position and errors are capped", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("s.graph", std::string(200, ' '));
  DiagEngine diags;
  diags.report(DiagCode::self_edge, SourceRange{f, 50, 51}, "b");
  diags.report(DiagCode::duplicate_edge, SourceRange{f, 10, 11}, "a", "b");
  const auto sorted = diags.sorted();
  REQUIRE(sorted.size() == 2);
  CHECK(sorted[0].code == DiagCode::duplicate_edge);
  CHECK(diags.warning_count() == 1);
  for (int i = 0; i < 100; ++i) diags.report(DiagCode::self_edge, SourceRange{f, 1, 2}, "x");
  CHECK(diags.diagnostics().size() == DiagEngine::max_errors + 1);
  CHECK(diags.error_count() == 101);
}

TEST_CASE("colour is only added when asked", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("s.graph", "x\n");
  Diagnostic d{DiagCode::unknown_name, Severity::error, SourceRange{f, 0, 1}, "unknown name 'x'", {}};
  CHECK(render(sm, d).find('\033') == std::string::npos);
  CHECK(render(sm, d, {.color = true}).find("\033[1;31m") != std::string::npos);
}

TEST_CASE("a loop's iterations are named in runs", "[diag]") {
  CHECK(iteration_values("i", {3}) == "i = 3");
  CHECK(iteration_values("i", {0, 1, 2, 3, 4, 5, 6, 7}) == "i = 0, 1, ..., 7");
  CHECK(iteration_values("i", {1, 4, 6}) == "i = 1, 4, 6");
  CHECK(iteration_values("j", {-2, -1, 0, 5, 6, 7, 8}) == "j = -2, -1, 0, 5, 6, ..., 8");
}

TEST_CASE("copies of one diagnostic from a loop's iterations render once", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("l.graph", "graph g {\n  for i in 0..3 { empty e[i]; e[i] -> x; }\n}\n");
  const SourceRange loop{f, 16, 17};
  DiagEngine diags;
  for (std::int64_t i = 0; i < 3; ++i) {
    const FileId copy = sm.add_iteration(loop, "i", i);
    diags.report(DiagCode::unknown_node, SourceRange{copy, 48, 49}, "x");
  }
  const FileId other = sm.add_iteration(loop, "i", 5);
  diags.report(DiagCode::unknown_node, SourceRange{other, 34, 35}, "e");  // elsewhere in the loop: its own
  CHECK(render_all(sm, diags.sorted()) == "l.graph:2:39: error[E0102]: unknown node 'x'\n"
                                          "    2 |   for i in 0..3 { empty e[i]; e[i] -> x; }\n"
                                          "      |                                       ^\n"
                                          "l.graph:2:7: note: in iterations i = 0, 1, 2 of this loop\n"
                                          "    2 |   for i in 0..3 { empty e[i]; e[i] -> x; }\n"
                                          "      |       ^\n"
                                          "l.graph:2:25: error[E0102]: unknown node 'e'\n"
                                          "    2 |   for i in 0..3 { empty e[i]; e[i] -> x; }\n"
                                          "      |                         ^\n"
                                          "l.graph:2:7: note: in iteration i = 5 of this loop\n"
                                          "    2 |   for i in 0..3 { empty e[i]; e[i] -> x; }\n"
                                          "      |       ^\n"
                                          "2 errors\n");
}

#include <catch2/catch.hpp>

#include "diag/diagnostic.h"
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

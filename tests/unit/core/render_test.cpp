#include <catch2/catch.hpp>

#include <set>
#include <string_view>

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

TEST_CASE("notes.def drives the text of notes, one row per text", "[diag]") {
  Diagnostic d;
  d.note<NoteCode::declared_here>(SourceRange{}, "scale").note<NoteCode::first_given_here>(SourceRange{});
  REQUIRE(d.notes.size() == 2);
  CHECK(d.notes[0].message == "'scale' is declared here");
  CHECK(d.notes[1].message == "first given here");
  std::set<std::string_view> formats;
  for (const std::string_view format : note_formats) {
    INFO(format);
    CHECK(formats.insert(format).second);  // a text worded twice is one row
    CHECK(!format.empty());
    CHECK(format.back() != '.');
  }
}

TEST_CASE("a diagnostic renders with its line, caret and notes", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("s.graph", "graph g {\n  empty forward;\n  upload -> forwrd;\n}\n");
  DiagEngine diags;
  diags.report(DiagCode::unknown_node, SourceRange{f, 39, 45}, "forwrd")
      .note<NoteCode::did_you_mean>(SourceRange{f, 18, 25}, "forward");
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

TEST_CASE("a loop's copies of one error count once towards the cap", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("s.graph", std::string(200, ' '));
  const SourceRange loop{f, 0, 1};
  DiagEngine diags;
  for (std::int64_t i = 0; i < 100; ++i) {
    diags.report(DiagCode::unknown_name, SourceRange{sm.add_iteration(loop, "i", i), 5, 6}, "x");
  }
  for (std::uint32_t i = 0; i < 60; ++i) diags.report(DiagCode::unknown_name, SourceRange{f, 10 + i, 11 + i}, "y");
  CHECK(diags.error_count() == 160);
  CHECK(diags.diagnostics().size() == 100 + DiagEngine::max_errors - 1);  // the copies, then 49 of the others
  const std::string text = render_all(sm, diags.sorted());
  CHECK(text.find("note: in iterations i = 0, 1, ..., 99 of this loop\n") != std::string::npos);
  CHECK(text.ends_with("\n50 errors\n"));
}

TEST_CASE("render_all prints at most max_errors errors once folded", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("s.graph", std::string(200, ' '));
  std::vector<Diagnostic> many;
  for (std::uint32_t i = 0; i < 60; ++i) {
    many.push_back(Diagnostic{
        DiagCode::unknown_name, Severity::error, SourceRange{f, i, i + 1}, "unknown name 'y'", {}});
  }
  many.push_back(Diagnostic{DiagCode::duplicate_edge, Severity::warning, SourceRange{f, 90, 91}, "w", {}});
  CHECK(render_all(sm, many).ends_with("\n50 errors, 1 warning\n"));
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

TEST_CASE("iterations of nested loops are named as sets of pairs", "[diag]") {
  CHECK(iteration_tuples({"j", "i"}, {{0, 0}, {0, 1}, {1, 0}, {1, 1}}) == "j = 0, 1 and i = 0, 1");
  CHECK(iteration_tuples({"j", "i"}, {{0, 0}, {1, 0}, {1, 1}, {2, 0}, {2, 1}}) ==
        "j = 0 and i = 0; j = 1, 2 and i = 0, 1");
  CHECK(iteration_tuples({"k", "j", "i"}, {{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {1, 1, 1}}) ==
        "k = 0, 1 and (j = 0 and i = 0; j = 1 and i = 1)");
  CHECK(iteration_tuples({"i"}, {{2}, {3}}) == "i = 2, 3");
}

TEST_CASE("copies of one diagnostic from nested loops' iterations render once", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("n.graph", "for j in 0..2 {\n  empty m[j];\n  for i in 0..3 { m[j] -> x; }\n}\n");
  const SourceRange outer{f, 4, 5};
  DiagEngine diags;
  for (std::int64_t j = 0; j < 2; ++j) {
    const FileId outer_copy = sm.add_iteration(outer, "j", j);
    for (std::int64_t i = 0; i < 3; ++i) {
      const FileId copy = sm.add_iteration(SourceRange{outer_copy, 36, 37}, "i", i);
      diags.report(DiagCode::unknown_node, SourceRange{copy, 56, 57}, "x")
          .note<NoteCode::text>(SourceRange{outer_copy, 24, 28}, "from here");
    }
  }
  CHECK(render_all(sm, diags.sorted()) ==
        "n.graph:3:27: error[E0102]: unknown node 'x'\n"
        "    3 |   for i in 0..3 { m[j] -> x; }\n"
        "      |                           ^\n"
        "n.graph:2:9: note: from here (in iterations j = 0, 1 of the loop at n.graph:1:5)\n"
        "    2 |   empty m[j];\n"
        "      |         ^~~~\n"
        "n.graph:1:5: note: in iterations j = 0, 1 and i = 0, 1, 2 of these loops\n"
        "    1 | for j in 0..2 {\n"
        "      |     ^\n"
        "1 error\n");
}

TEST_CASE("copies whose note points at one outer copy fold only within it", "[diag]") {
  SourceManager sm;
  const FileId f = sm.add("n.graph", "for j in 0..2 {\n  empty m[j];\n  for i in 0..3 { m[j] -> x; }\n}\n");
  const FileId first = sm.add_iteration(SourceRange{f, 4, 5}, "j", 0);
  const FileId second = sm.add_iteration(SourceRange{f, 4, 5}, "j", 1);
  DiagEngine diags;
  for (const FileId outer_copy : {first, second}) {
    for (std::int64_t i = 0; i < 3; ++i) {
      const FileId copy = sm.add_iteration(SourceRange{outer_copy, 36, 37}, "i", i);
      diags.report(DiagCode::unknown_node, SourceRange{copy, 56, 57}, "x")
          .note<NoteCode::text>(SourceRange{first, 24, 28}, "m_0");
    }
  }
  const std::string text = render_all(sm, diags.sorted());
  CHECK(text.find("note: m_0 (in iteration j = 0 of the loop at n.graph:1:5)\n") != std::string::npos);
  CHECK(text.find("note: in iterations j = 0 and i = 0, 1, 2 of these loops\n") != std::string::npos);
  CHECK(text.find("note: in iterations j = 1 and i = 0, 1, 2 of these loops\n") != std::string::npos);
  CHECK(text.ends_with("\n2 errors\n"));
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

#include "sema_test_support.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "diag/render.h"
#include "frontend/text/parse_text.h"
#include "sema/analyze.h"

namespace graphc::test {

std::string Analyzed::at(SourceRange range) const {
  const LineColumn lc = sources.file(range.file).line_column(range.begin);
  return fmt::format("{}:{}", lc.line, lc.column);
}

std::string Analyzed::notes(const Diagnostic& d) const {
  std::string out;
  for (const DiagNote& note : d.notes) {
    out += note.range.valid() ? fmt::format("{}: {}\n", at(note.range), note.message) : note.message + "\n";
  }
  return out;
}

const ir::Node& Analyzed::node(std::string_view name) const {
  const auto id = graph().find_node(name);
  REQUIRE(id.has_value());
  return graph().node(*id);
}

std::unique_ptr<Analyzed> analyze_text(std::string text) {
  auto a = std::make_unique<Analyzed>();
  const FileId file = a->sources.add("t.graph", std::move(text));
  a->module = frontend::parse_text(a->sources, file, a->diags);
  INFO(render_all(a->sources, a->diags.sorted()));
  REQUIRE_FALSE(a->diags.has_errors());
  a->ok = sema::analyze(a->module, a->sources, a->diags);
  return a;
}

void check_diag(const Analyzed& a, const Diagnostic& d, DiagCode code, std::string_view position,
                std::string_view message) {
  INFO(render(a.sources, d));
  CHECK(code_name(d.code) == code_name(code));
  CHECK(a.at(d.range) == position);
  CHECK(d.message == message);
}

Diagnostic single_diag(const Analyzed& a, DiagCode code, std::string_view position, std::string_view message) {
  const std::vector<Diagnostic> all = a.sorted();
  INFO(render_all(a.sources, all));
  REQUIRE(all.size() == 1);
  check_diag(a, all[0], code, position, message);
  return all[0];
}

}  // namespace graphc::test

#include "frontend_test_support.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "diag/render.h"
#include "frontend/text/parse_text.h"
#include "frontend/yaml/parse_yaml.h"

namespace graphc::test {

std::string Parsed::at(SourceRange range) const {
  const LineColumn lc = sources.file(range.file).line_column(range.begin);
  return fmt::format("{}:{}", lc.line, lc.column);
}

std::string Parsed::span(SourceRange range) const {
  const LineColumn end = sources.file(range.file).line_column(range.end);
  return fmt::format("{}-{}:{}", at(range), end.line, end.column);
}

const ir::Node& Parsed::node(std::string_view name) const {
  const auto id = graph().find_node(name);
  REQUIRE(id.has_value());
  return graph().node(*id);
}

namespace {

// The front end of `path`'s extension.
ir::Module parse_file(SourceManager& sources, FileId file, DiagEngine& diags, const ir::ConstDefines& defines) {
  const std::string& path = sources.file(file).path();
  const bool yaml = path.size() > 5 && path.compare(path.size() - 5, 5, ".yaml") == 0;
  return yaml ? frontend::parse_yaml(sources, file, diags, defines)
              : frontend::parse_text(sources, file, diags, defines);
}

}  // namespace

std::unique_ptr<Parsed> parse_any(std::string text, std::string path) {
  auto p = std::make_unique<Parsed>();
  const FileId file = p->sources.add(std::move(path), std::move(text));
  p->module = parse_file(p->sources, file, p->diags, {});
  return p;
}

std::unique_ptr<Parsed> parse_ok(std::string text, std::string path, const ir::ConstDefines& defines) {
  auto p = std::make_unique<Parsed>();
  const FileId file = p->sources.add(std::move(path), std::move(text));
  p->module = parse_file(p->sources, file, p->diags, defines);
  INFO(render_all(p->sources, p->diags.sorted()));
  REQUIRE(p->diags.diagnostics().empty());
  return p;
}

void expect_error(std::string text, DiagCode code, std::string_view position, std::string_view message,
                  std::string path) {
  const auto p = parse_any(std::move(text), std::move(path));
  const std::vector<Diagnostic> all = p->diags.sorted();
  INFO(render_all(p->sources, all));
  REQUIRE(all.size() == 1);
  CHECK(code_name(all[0].code) == code_name(code));
  CHECK(p->at(all[0].range) == position);
  CHECK(all[0].message == message);
}

std::string sexpr(const ir::Expr& e) {
  using Kind = ir::Expr::Kind;
  auto binary = [&](std::string_view op) {
    return fmt::format("({} {} {})", op, sexpr(e.operands.at(0)), sexpr(e.operands.at(1)));
  };
  switch (e.kind) {
    case Kind::literal: return fmt::format("{}:{}", e.literal.text(), ir::type_name(e.literal.type));
    case Kind::name: return e.name;
    case Kind::negate: return fmt::format("(neg {})", sexpr(e.operands.at(0)));
    case Kind::add: return binary("+");
    case Kind::sub: return binary("-");
    case Kind::mul: return binary("*");
    case Kind::div: return binary("/");
    case Kind::mod: return binary("%");
    case Kind::cast: return fmt::format("({} {})", ir::type_name(e.cast_type), sexpr(e.operands.at(0)));
    case Kind::call: {
      std::string out = "(" + e.name;
      for (const ir::Expr& operand : e.operands) out += " " + sexpr(operand);
      return out + ")";
    }
  }
  return "?";
}

ir::Expr const_value(std::string_view expr) {
  const auto p = parse_ok(fmt::format("graph g {{ const X = {}; }}", expr));
  REQUIRE(p->graph().consts.size() == 1);
  return p->graph().consts[0].value;
}

}  // namespace graphc::test

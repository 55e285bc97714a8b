#include "backend_test_support.h"

#include <catch2/catch.hpp>

#include <sstream>

#include "diag/render.h"
#include "frontend/text/parse_text.h"
#include "sema/analyze.h"

namespace graphc::test {

std::unique_ptr<Compiled> compile(const std::string& path, std::string text) {
  auto c = std::make_unique<Compiled>();
  const FileId file = c->sources.add(path, std::move(text));
  c->module = frontend::parse_text(c->sources, file, c->diags);
  if (!c->diags.has_errors()) sema::analyze(c->module, c->sources, c->diags);
  INFO(render_all(c->sources, c->diags.sorted(), RenderOptions{}));
  REQUIRE_FALSE(c->diags.has_errors());
  return c;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string unwrapped(const std::string& text) {
  const std::vector<std::string> lines = lines_of(text);
  std::string out;
  std::size_t statement_indent = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const std::size_t indent = line.find_first_not_of(' ');
    const bool continues = i > 0 && indent != std::string::npos && indent == statement_indent + 4 &&
                           !lines[i - 1].empty() && lines[i - 1].back() == ',';
    if (continues) {
      out.back() = ' ';  // the newline
      out += line.substr(indent) + "\n";
      continue;
    }
    if (indent != std::string::npos) statement_indent = indent;
    out += line + "\n";
  }
  return out;
}

}  // namespace graphc::test

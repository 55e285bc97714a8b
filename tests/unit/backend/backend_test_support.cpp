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

}  // namespace graphc::test

#include "format_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <sstream>

#include "compile.h"
#include "format/format_text.h"
#include "ir/dump.h"

namespace graphc::test {

std::string formatted(const std::string& text) {
  const std::string once = format::format_text(text);
  CHECK(format::format_text(once) == once);
  return once;
}

std::string meaning(const std::string& text) {
  const auto c = compile_text("f.graph", text);
  REQUIRE(c->ok());
  return std::regex_replace(ir::dump(c->module, c->sources), std::regex("[0-9]+:[0-9]+"), "");
}

std::size_t widest_line(const std::string& text) {
  std::istringstream lines(text);
  std::size_t widest = 0;
  for (std::string line; std::getline(lines, line);) widest = std::max(widest, line.size());
  return widest;
}

}  // namespace graphc::test

// The reserved words: the grammar's one list (grammar/lexical.hpp) is the list that
// docs/language.md gives users, word for word.
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "grammar/lexical.hpp"

TEST_CASE("docs/language.md lists the grammar's reserved words", "[grammar]") {
  std::ifstream in(std::string(GRAPHC_SOURCE_DIR) + "/docs/language.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const std::size_t marker = doc.find("<!-- reserved-words:");
  REQUIRE(marker != std::string::npos);
  const std::size_t begin = doc.find('\n', marker) + 1;
  const std::string list = doc.substr(begin, doc.find("\n\n", begin) - begin);
  std::vector<std::string> documented;
  const std::regex word("`([A-Za-z0-9_]+)`");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), word); it != std::sregex_iterator(); ++it) {
    documented.push_back((*it)[1]);
  }
  const std::vector<std::string> grammar(std::begin(graphc::grammar::reserved_words),
                                         std::end(graphc::grammar::reserved_words));
  CHECK(documented == grammar);
}

// split_pieces: tokens as the grammar reads them, comments, and the line breaks before each.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "format/pieces.h"

using graphc::format::Piece;
using graphc::format::split_pieces;

namespace {

std::vector<std::string> texts(std::string_view text) {
  std::vector<std::string> out;
  for (const Piece& p : split_pieces(text)) out.emplace_back(p.text);
  return out;
}

}  // namespace

TEST_CASE("pieces: multi-character punctuation is one token", "[format]") {
  CHECK(texts("a->b <- c<<<1,2>>>(x) ::") ==
        std::vector<std::string>{"a", "->", "b", "<-", "c", "<<<", "1", ",", "2", ">>>", "(", "x", ")", "::"});
}

TEST_CASE("pieces: numbers are read as the grammar reads them", "[format]") {
  CHECK(texts("1.5e-3f .5 0x1p-3 10ull 2-1") ==
        std::vector<std::string>{"1.5e-3f", ".5", "0x1p-3", "10ull", "2", "-", "1"});
}

TEST_CASE("pieces: a kernel or host function is one word with its scopes and template arguments", "[format]") {
  CHECK(texts("kernel k : ::ns::scale<float, vec<4>><<<1, 1>>>();") ==
        std::vector<std::string>{"kernel", "k", ":", "::ns::scale<float, vec<4>>", "<<<", "1", ",", "1", ">>>", "(",
                                 ")", ";"});
  CHECK(texts("host h : report<int>();") == std::vector<std::string>{"host", "h", ":", "report<int>", "(", ")", ";"});
  // Elsewhere `<` is punctuation.
  CHECK(texts("copy c : a <- b;") == std::vector<std::string>{"copy", "c", ":", "a", "<-", "b", ";"});
  CHECK(texts("copy c : a<-b;") == std::vector<std::string>{"copy", "c", ":", "a", "<-", "b", ";"});
  // A struct's name with a negative template argument: its list closes, then `{` follows.
  CHECK(texts("struct Tile<-1> {") == std::vector<std::string>{"struct", "Tile<-1>", "{"});
  CHECK(texts("(Tile<-1>{4})") == std::vector<std::string>{"(", "Tile<-1>", "{", "4", "}", ")"});
}

TEST_CASE("pieces: comments and the line breaks before each piece", "[format]") {
  const std::vector<Piece> pieces = split_pieces("a; // one  \n\n/* two\n */ b\r\n\"s\"");
  REQUIRE(pieces.size() == 6);
  CHECK(pieces[2].kind == Piece::Kind::line_comment);
  CHECK(pieces[2].text == "// one");  // trailing blanks are not part of it
  CHECK(pieces[2].newlines_before == 0);
  CHECK(pieces[3].kind == Piece::Kind::block_comment);
  CHECK(pieces[3].text == "/* two\n */");
  CHECK(pieces[3].newlines_before == 2);
  CHECK(pieces[4].newlines_before == 0);
  CHECK(pieces[5].kind == Piece::Kind::string);
  CHECK(pieces[5].newlines_before == 1);
}

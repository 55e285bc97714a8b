// The pieces of a .graph file as `graphc fmt` sees them: its tokens and its comments, in
// order, each with the number of line breaks before it and whether blanks pad it into a
// column. The formatter keeps every piece and changes only the whitespace between them.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace graphc::format {

/// One token or comment, a view into the text it was read from.
struct Piece {
  enum class Kind : std::uint8_t {
    word,           // identifier or keyword; in `kernel k : f<T><<<`, the whole C++ name `f<T>`
    number,         // as the grammar's `number`: `256`, `1.5e-3f`, `0x10u`
    string,         // "..."
    punct,          // `<<<`, `>>>`, `->`, `<-`, `::` or one other character
    line_comment,   // `// ...` up to the line break, without trailing blanks
    block_comment,  // `/* ... */`, possibly over several lines
  };
  Kind kind = Kind::word;
  std::string_view text;
  std::uint32_t newlines_before = 0;  // line breaks between the previous piece (or the start) and this one
  bool padded = false;                // two or more blanks (spaces, tabs) between it and the piece before on its line

  bool is_comment() const { return kind == Kind::line_comment || kind == Kind::block_comment; }
  /// Whether this is the token `t` (never true of a comment or string).
  bool is(std::string_view t) const { return (kind == Kind::punct || kind == Kind::word) && text == t; }
};

/// Splits `text` into pieces, the way the grammar (grammar/lexical.hpp) reads tokens:
/// maximal identifiers and numbers, comments wherever whitespace may be, and after
/// `KEYWORD NAME :` of a kind that names a function there (`kernel`, `host`, `capture`:
/// graphc/base/node_kinds.def's names_function) one word for the function's name with its
/// `::` scopes and template arguments. Meant for text that parsed; for other text the pieces still
/// cover every non-space character.
std::vector<Piece> split_pieces(std::string_view text);

}  // namespace graphc::format

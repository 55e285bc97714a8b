// What `graphc fmt` lays out: the file as a list of segments, each the code the printer
// (format_text.cpp) would put on one line, with what the later steps need to align
// declarations (align.h) and to break a segment over lines at the column limit (wrap.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace graphc::format {

constexpr std::size_t kIndentWidth = 4;

/// Whether a line may end before a chunk (wrap.h).
enum class Break : std::uint8_t {
  never,
  list,  // after a comma, before `->` or a statement's `[attributes]`
  open,  // after an opening bracket, `(`, `[`, `{` or `<<<`, that is not closed at once
};

/// A token or a comment inside code, with the blanks before it.
struct Chunk {
  std::string_view text;
  bool space_before = false;  // one space between it and the chunk before
  std::size_t pad = 0;        // blanks more, to align it in a column (align.h)
  Break before = Break::never;
  std::uint32_t depth = 0;  // brackets its statement has open before it
  bool padded = false;      // the input had two or more blanks before it (Piece::padded)

  /// Its width after the chunk before it on a line.
  std::size_t width() const { return (space_before ? 1 : 0) + pad + text.size(); }
};

/// Where a declaration `KEYWORD NAME : ...` (or a struct field, `NAME : ...`) splits: its
/// name is chunks [name, colon), its keyword the chunks before.
struct Head {
  std::size_t name = 0;
  std::size_t colon = 0;
  bool padded = false;  // the input set its name or its `:` into a column
};

/// One line's worth of code and comments; empty, a blank line.
struct Segment {
  std::size_t indent = 0;        // block depth of its first line
  std::size_t continuation = 0;  // block depth of the lines it wraps onto
  std::vector<Chunk> code;
  std::string comment;       // the comments that end it
  std::optional<Head> head;  // set on a whole declaration statement of one segment
};

/// The width of chunks [begin, end) of `code` on a line of their own (begin < end).
inline std::size_t code_width(const std::vector<Chunk>& code, std::size_t begin, std::size_t end) {
  std::size_t width = code[begin].text.size();
  for (std::size_t i = begin + 1; i < end; ++i) width += code[i].width();
  return width;
}

}  // namespace graphc::format

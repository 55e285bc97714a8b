#include "format/wrap.h"

#include <cstdint>
#include <optional>

namespace graphc::format {
namespace {

std::string text_of(const std::vector<Chunk>& code, std::size_t begin, std::size_t end) {
  std::string text(code[begin].text);
  for (std::size_t i = begin + 1; i < end; ++i) {
    text.append((code[i].space_before ? 1 : 0) + code[i].pad, ' ');
    text += code[i].text;
  }
  return text;
}

// Where the bracket group that the chunk before `inside` opens ends, with what follows it
// up to the next place a line may end: that chunk, or the end of the segment.
std::size_t group_end(const std::vector<Chunk>& code, std::size_t inside) {
  const std::uint32_t outside = code[inside - 1].depth;
  std::size_t end = inside;
  while (end < code.size() && code[end].depth > outside) ++end;
  while (end < code.size() && code[end].before == Break::never) ++end;
  return end;
}

// Where the line that starts with chunk `begin` at column `column` ends (the chunk the next
// line starts with), when the code from `begin` on does not fit in `limit`.
std::optional<std::size_t> line_end(const std::vector<Chunk>& code, std::size_t begin, std::size_t column,
                                    std::size_t limit) {
  std::optional<std::size_t> best;
  std::optional<std::size_t> first;
  std::size_t width = code[begin].text.size();  // of chunks [begin, i)
  for (std::size_t i = begin + 1; i < code.size(); width += code[i].width(), ++i) {
    const Chunk& c = code[i];
    if (c.before == Break::never) continue;
    // An opening bracket ends a line only when its group (and what sticks to it) does not
    // fit there, and not alone.
    if (c.before == Break::open && (i == begin + 1 || column + code_width(code, begin, group_end(code, i)) <= limit)) {
      continue;
    }
    if (!first) first = i;
    if (column + width > limit) break;
    const Chunk* b = best ? &code[*best] : nullptr;
    if (!b || c.depth < b->depth || (c.depth == b->depth && (c.before == Break::open || b->before != Break::open))) {
      best = i;
    }
  }
  return best ? best : first;
}

}  // namespace

std::vector<Line> wrap(const Segment& segment, std::size_t column_limit) {
  std::vector<Line> lines;
  std::size_t indent = segment.indent;
  std::size_t begin = 0;
  while (begin < segment.code.size()) {
    const std::size_t column = indent * kIndentWidth;
    std::size_t end = segment.code.size();
    if (column + code_width(segment.code, begin, end) > column_limit) {
      end = line_end(segment.code, begin, column, column_limit).value_or(end);
    }
    lines.push_back({indent, text_of(segment.code, begin, end), {}});
    indent = segment.continuation;
    begin = end;
  }
  if (lines.empty()) lines.push_back({segment.indent, {}, {}});
  lines.back().comment = segment.comment;
  return lines;
}

}  // namespace graphc::format

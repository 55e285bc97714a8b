#include "backend/cpp/code_writer.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace graphc::backend {
namespace {

constexpr std::size_t column_limit = 100;

// Where `code` may break: after each ", " inside brackets, outside literals, before any
// trailing comment: the offset of the character after the space, and the bracket depth.
struct BreakPoint {
  std::size_t offset;
  int depth;
};

// The offset after the literal or block comment that starts at `i` of `code` (a string or
// character literal, `/* ... */`), or `i` itself when none starts there.
std::size_t skip_unbreakable(std::string_view code, std::size_t i) {
  const char c = code[i];
  if (c == '"' || c == '\'') {
    for (++i; i < code.size() && code[i] != c; ++i) {
      if (code[i] == '\\') ++i;
    }
    return i + 1;
  }
  if (code.substr(i).starts_with("/*")) {
    const std::size_t end = code.find("*/", i + 2);
    return end == std::string_view::npos ? code.size() : end + 2;
  }
  return i;
}

// Where `code`'s trailing `//` comment starts (npos when it has none).
std::size_t comment_start(std::string_view code) {
  for (std::size_t i = 0; i < code.size();) {
    if (const std::size_t after = skip_unbreakable(code, i); after != i) {
      i = after;
    } else if (code.substr(i).starts_with("//")) {
      return i;
    } else {
      ++i;
    }
  }
  return std::string_view::npos;
}

std::vector<BreakPoint> break_points(std::string_view code) {
  std::vector<BreakPoint> points;
  int depth = 0;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (const std::size_t after = skip_unbreakable(code, i); after != i) {
      i = after - 1;
      continue;
    }
    const char c = code[i];
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth > 0 && i + 1 < code.size() && code[i + 1] == ' ') {
      points.push_back({i + 2, depth});
    }
  }
  return points;
}

}  // namespace

void CodeWriter::line(std::string_view text) {
  const std::size_t indent = static_cast<std::size_t>(depth_) * 2;
  if (text.empty() || indent + text.size() <= column_limit || text.starts_with("//")) {
    if (!text.empty()) text_.append(indent, ' ');
    append(text);
    return;
  }
  // A trailing comment that makes the line too long goes on a line of its own above it.
  if (const std::size_t comment = comment_start(text); comment != std::string_view::npos) {
    std::string_view code = text.substr(0, comment);
    while (code.ends_with(' ')) code.remove_suffix(1);
    line(text.substr(comment));
    line(code);
    return;
  }
  // Greedy: each line ends at the break point within the limit of the outermost brackets
  // (the last of them), or at the first one past the limit when none is within.
  const std::vector<BreakPoint> points = break_points(text);  // the text has no comment
  // Continuation lines are indented 4 past the statement's own first column.
  const std::size_t own = text.find_first_not_of(' ');
  std::size_t start = 0;
  std::size_t continuation = 0;
  std::size_t p = 0;
  while (p < points.size() && indent + continuation + (text.size() - start) > column_limit) {
    const std::size_t used = indent + continuation;
    const std::size_t width = used < column_limit ? column_limit - used : 1;
    std::size_t chosen = p;
    for (std::size_t q = p + 1; q < points.size() && points[q].offset - start <= width; ++q) {
      if (points[q].depth <= points[chosen].depth || points[chosen].offset - start > width) chosen = q;
    }
    const std::size_t end = points[chosen].offset;
    p = chosen + 1;
    std::string_view piece = text.substr(start, end - start);
    while (piece.ends_with(' ')) piece.remove_suffix(1);
    text_.append(indent + continuation, ' ');
    append(piece);
    start = end;
    continuation = own + 4;
  }
  text_.append(indent + continuation, ' ');
  append(text.substr(start));
}

void CodeWriter::directive(std::string_view text) { append(text); }

void CodeWriter::append_lines(const CodeWriter& part) {
  if (part.first_ != lines_) throw std::logic_error("CodeWriter::append_lines: the part was made for another line");
  text_.append(part.text_);
  lines_ = part.lines_;
}

void CodeWriter::block(std::string_view text, std::initializer_list<Hole> holes) {
  if (text.ends_with('\n')) text.remove_suffix(1);
  const auto name_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t end = std::min(text.find('\n', from), text.size());
    const std::string_view raw = text.substr(from, end - from);
    std::string filled;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '$') {
        filled.push_back(raw[i]);
        continue;
      }
      std::size_t n = i + 1;
      while (n < raw.size() && name_char(raw[n])) ++n;
      const std::string_view name = raw.substr(i + 1, n - i - 1);
      const auto hole = std::find_if(holes.begin(), holes.end(), [&](const Hole& h) { return h.name == name; });
      if (hole == holes.end()) {
        throw std::logic_error("CodeWriter::block: no hole named '" + std::string(name) + "'");
      }
      filled.append(hole->text);
      i = n - 1;
    }
    if (filled.starts_with('#')) {
      directive(filled);
    } else {
      line(filled);
    }
    from = end + 1;
  }
}

void CodeWriter::replace_all(std::string_view from, std::string_view to) {
  if (from.empty() || from.find('\n') != std::string_view::npos || to.find('\n') != std::string_view::npos) {
    throw std::logic_error("CodeWriter::replace_all: an empty text or a newline");
  }
  for (std::size_t at = text_.find(from); at != std::string::npos; at = text_.find(from, at + to.size())) {
    text_.replace(at, from.size(), to);
  }
}

void CodeWriter::dedent() {
  if (depth_ == 0) throw std::logic_error("CodeWriter::dedent below column 1");
  --depth_;
}

void CodeWriter::append(std::string_view text) {
  if (text.find('\n') != std::string_view::npos)
    throw std::logic_error("CodeWriter: a line must not contain a newline");
  text_.append(text);
  text_.push_back('\n');
  ++lines_;
}

}  // namespace graphc::backend

#include "frontend/yaml/yaml_syntax_error.h"

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace graphc::frontend::yaml {
namespace {

// The leading blanks of a line (spaces and tabs).
std::size_t blanks(std::string_view line) {
  const std::size_t n = line.find_first_not_of(" \t");
  return n == std::string_view::npos ? line.size() : n;
}

// Whether a line holds only blanks or a comment.
bool is_blank(std::string_view line) {
  const std::size_t n = blanks(line);
  return n == line.size() || line[n] == '#' || line[n] == '\r';
}

// A list item: `-` then a blank or the end of the line.
bool is_item(std::string_view line) {
  const std::size_t n = blanks(line);
  return n < line.size() && line[n] == '-' && (n + 1 == line.size() || line[n + 1] == ' ' || line[n + 1] == '\r');
}

// One block open at a line: the column (0-based) its lines start at, and its first line.
struct Block {
  std::size_t indent;
  std::uint32_t line;
};

// The blocks a line can continue, innermost first: the lines above it that are less
// indented than every line between them; a list item `- key: ...` opens two blocks, the
// list at its `-` and the map at its key.
std::vector<Block> open_blocks(const SourceFile& source, std::uint32_t above) {
  std::vector<Block> out;
  std::size_t least = std::string_view::npos;
  for (std::uint32_t n = above; n >= 1; --n) {
    const std::string_view line = source.line_text(n);
    if (is_blank(line) || blanks(line) >= least) continue;
    least = blanks(line);
    if (is_item(line)) {
      const std::size_t key = line.find_first_not_of(' ', least + 1);
      if (key != std::string_view::npos && line[key] != '#' && line[key] != '\r') out.push_back({key, n});
    }
    out.push_back({least, n});
    if (least == 0) break;
  }
  return out;
}

std::string spaces(std::size_t n) { return fmt::format("{} space{}", n, n == 1 ? "" : "s"); }

class Reporter {
 public:
  Reporter(const SourceFile& source, FileId file, DiagEngine& diags) : source_(source), file_(file), diags_(diags) {}

  // A tab among the leading blanks of the line at `line`.
  bool tab_in_indentation(std::uint32_t line) {
    const std::string_view text = source_.line_text(line);
    const std::size_t tab = text.substr(0, blanks(text)).find('\t');
    if (tab == std::string_view::npos) return false;
    diags_.report(DiagCode::yaml_syntax, at(line, tab),
                  "a tab indents this line, and YAML forbids tabs in indentation: indent with spaces");
    return true;
  }

  // yaml-cpp's "end of map not found" / "end of sequence not found": the line at `line`
  // does not continue the block above it, nor any block around that one.
  bool misindented(std::uint32_t line) {
    const std::string_view text = source_.line_text(line);
    const std::size_t indent = blanks(text);
    std::uint32_t above = line - 1;
    while (above >= 1 && is_blank(source_.line_text(above))) --above;
    if (above == 0 || is_blank(text)) return false;
    const std::size_t above_indent = blanks(source_.line_text(above));
    const SourceRange here = at(line, indent);
    const SourceRange there = at(above, above_indent);
    if (indent > above_indent) {
      diags_
          .report(DiagCode::yaml_syntax, here,
                  fmt::format("this line is indented {}, deeper than the line above ({}), which opens no block",
                              spaces(indent), spaces(above_indent)))
          .note<NoteCode::yaml_line_above>(there);
      return true;
    }
    const std::vector<Block> blocks = open_blocks(source_, above);
    std::vector<std::string> columns;
    for (const Block& b : blocks) {
      if (b.indent == indent) return wrong_kind(line, b);
      columns.push_back(std::to_string(b.indent));
    }
    std::string list = columns.back();
    if (columns.size() > 1) {
      columns.pop_back();
      list = fmt::format("{} or {}", fmt::join(columns, ", "), list);
    }
    diags_
        .report(DiagCode::yaml_syntax, here,
                fmt::format("this line is indented {}, which matches no block above it (those are indented {} spaces)",
                            spaces(indent), list))
        .note<NoteCode::yaml_line_above_indented>(there, spaces(above_indent));
    return true;
  }

  // A line indented as the block at `b` is, but a list item where that block's lines are
  // keys of a map, or a key where they are items of a list.
  bool wrong_kind(std::uint32_t line, const Block& b) {
    const bool item = is_item(source_.line_text(line));
    const std::string_view first = source_.line_text(b.line);
    const bool list = b.indent == blanks(first) && is_item(first);  // else a map, perhaps after a `- `
    if (item == list) return false;
    const std::string indent = spaces(b.indent);
    Diagnostic& d = diags_.report(
        DiagCode::yaml_syntax, at(line, blanks(source_.line_text(line))),
        item ? fmt::format("this line is a list item, but the lines indented {} above it are keys of a map", indent)
             : fmt::format("this line is a key, but the lines indented {} above it are items of a list", indent));
    if (item) {
      d.note<NoteCode::yaml_key_of_map>(at(b.line, b.indent));
    } else {
      d.note<NoteCode::yaml_item_of_list>(at(b.line, b.indent));
    }
    return true;
  }

  // yaml-cpp's "end of map flow not found" / "end of sequence flow not found": the `{` or
  // `[` before `end` that no `}` or `]` closes.
  bool unclosed_flow(std::uint32_t end) {
    const std::string& text = source_.text();
    std::vector<std::uint32_t> open;
    char quote = 0;
    char previous = '\n';  // the last character that is not a blank
    for (std::uint32_t i = 0; i < end && i < text.size(); ++i) {
      const char c = text[i];
      if (quote != 0) {
        if (c == '\\' && quote == '"') {
          ++i;
        } else if (c == quote || c == '\n') {
          quote = 0;
        }
      } else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) {
        while (i < end && text[i] != '\n') ++i;
      } else if ((c == '"' || c == '\'') && std::string_view(":[{,-\n").find(previous) != std::string_view::npos) {
        quote = c;
      } else if (c == '{' || c == '[') {
        open.push_back(i);
      } else if ((c == '}' || c == ']') && !open.empty()) {
        open.pop_back();
      }
      if (c != ' ' && c != '\t') previous = c;
    }
    if (open.empty()) return false;
    const bool map = text[open.back()] == '{';
    diags_.report(DiagCode::yaml_syntax, SourceRange{file_, open.back(), open.back() + 1},
                  map ? "unclosed flow map: '{' has no matching '}'" : "unclosed flow list: '[' has no matching ']'");
    return true;
  }

 private:
  SourceRange at(std::uint32_t line, std::size_t column) const {
    const std::uint32_t offset = source_.offset_of(line, 1) + static_cast<std::uint32_t>(column);
    return SourceRange{file_, offset, offset};
  }

  const SourceFile& source_;
  FileId file_;
  DiagEngine& diags_;
};

}  // namespace

void report_yaml_syntax_error(const SourceFile& source, FileId file, const YAML::Exception& e, DiagEngine& diags) {
  const auto pos = static_cast<std::uint32_t>(e.mark.pos < 0 ? 0 : e.mark.pos);
  const std::uint32_t line = source.line_column(pos).line;
  Reporter r(source, file, diags);
  if (r.tab_in_indentation(line)) return;
  if ((e.msg == YAML::ErrorMsg::END_OF_MAP || e.msg == YAML::ErrorMsg::END_OF_SEQ) && r.misindented(line)) return;
  if ((e.msg == YAML::ErrorMsg::END_OF_MAP_FLOW || e.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW) && r.unclosed_flow(pos)) {
    return;
  }
  diags.report(DiagCode::yaml_syntax, SourceRange{file, pos, pos}, e.msg);
}

}  // namespace graphc::frontend::yaml

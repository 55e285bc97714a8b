// A small writer for generated code: lines with indentation, wrapped at 100 columns, and
// the number of the line being written (for `#line` directives that point back into the
// generated file).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace graphc::backend {

class CodeWriter {
 public:
  CodeWriter() = default;
  /// A writer whose first line will stand after `lines_before` lines of another writer's
  /// text (written into a part first, then appended with append_lines()), so that its
  /// `#line` directives back into the generated file count right.
  explicit CodeWriter(std::uint32_t lines_before) : first_(lines_before), lines_(lines_before) {}

  /// Writes one line at the current indentation (an empty line has no indentation). Code
  /// longer than 100 columns is wrapped after the commas of its outermost brackets (never
  /// in a string or character literal), the continuation lines indented 4 more; a trailing
  /// comment that makes it too long goes on a line of its own above it; a comment line is
  /// left as it is.
  void line(std::string_view text);
  /// Writes one line at column 1 whatever the indentation (preprocessor directives).
  void directive(std::string_view text);
  void blank() { line({}); }

  /// A hole of block(): its name and the text that fills it.
  struct Hole {
    std::string_view name;
    std::string_view text;
  };
  /// Writes `text`, a block of lines as a person would write the code, with each `$name` in
  /// it replaced by the text of the hole named `name` (a name is letters, digits and `_`):
  /// each line as line() writes it, a line that starts with `#` as directive(), an empty
  /// line as blank(); a trailing newline ends the last line. The holes' texts are not
  /// searched for holes. Throws std::logic_error on a `$name` with no hole.
  void block(std::string_view text, std::initializer_list<Hole> holes = {});
  /// Appends `part`'s lines as they are; `part` was made with CodeWriter(next_line() - 1).
  void append_lines(const CodeWriter& part);

  /// Replaces every occurrence of `from` in the text written by `to`; neither holds a
  /// newline, so the lines stay the same lines.
  void replace_all(std::string_view from, std::string_view to);

  void indent() { ++depth_; }
  void dedent();

  /// The 1-based number of the line the next write produces.
  std::uint32_t next_line() const { return lines_ + 1; }

  const std::string& text() const { return text_; }
  std::string take() { return std::move(text_); }

 private:
  void append(std::string_view text);

  std::string text_;
  std::uint32_t first_ = 0;
  std::uint32_t lines_ = 0;
  int depth_ = 0;
};

/// Indents a CodeWriter for the lifetime of the guard.
class Indented {
 public:
  explicit Indented(CodeWriter& writer) : writer_(writer) { writer_.indent(); }
  ~Indented() { writer_.dedent(); }
  Indented(const Indented&) = delete;
  Indented& operator=(const Indented&) = delete;

 private:
  CodeWriter& writer_;
};

}  // namespace graphc::backend

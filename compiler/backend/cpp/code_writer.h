// A small writer for generated code: lines with indentation, and the number of the line
// being written (for `#line` directives that point back into the generated file).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace graphc::backend {

class CodeWriter {
 public:
  /// Writes one line at the current indentation (an empty line has no indentation).
  void line(std::string_view text);
  /// Writes one line at column 1 whatever the indentation (preprocessor directives).
  void directive(std::string_view text);
  void blank() { line({}); }

  void indent() { ++depth_; }
  void dedent();

  /// The 1-based number of the line the next write produces.
  std::uint32_t next_line() const { return lines_ + 1; }

  const std::string& text() const { return text_; }
  std::string take() { return std::move(text_); }

 private:
  void append(std::string_view text);

  std::string text_;
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

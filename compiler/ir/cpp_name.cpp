#include "ir/cpp_name.h"

#include <cstddef>

namespace graphc::ir {
namespace {

bool is_identifier_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_identifier_char(char c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }

// A recursive-descent check of the pattern; `pos` advances over what matched.
class FunctionNamePattern {
 public:
  explicit FunctionNamePattern(std::string_view text) : text_(text) {}

  bool matches() {
    if (text_.starts_with("::")) pos_ = 2;
    if (!qualified_name()) return false;
    return pos_ == text_.size();
  }

 private:
  // name (`<` arguments `>`)? (`::` name (`<` arguments `>`)?)*
  bool qualified_name() {
    for (;;) {
      if (!word()) return false;
      if (peek('<') && !template_arguments()) return false;
      if (!text_.substr(pos_).starts_with("::")) return true;
      pos_ += 2;
    }
  }

  bool template_arguments() {
    ++pos_;  // '<'
    for (;;) {
      skip_spaces();
      if (!argument()) return false;
      skip_spaces();
      if (peek('>')) {
        ++pos_;
        return true;
      }
      if (!peek(',')) return false;
      ++pos_;
    }
  }

  // One template argument: a type (words, `::`, nested template ids, `*`, `&`) or a
  // constant expression (numbers, operators other than `/`, parenthesised groups).
  bool argument() {
    const std::size_t start = pos_;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (is_identifier_char(c) || is_operator_char(c)) {
        ++pos_;
      } else if (c == ':' && text_.substr(pos_).starts_with("::")) {
        pos_ += 2;
      } else if (c == '<') {
        if (!template_arguments()) return false;
      } else if (c == '(') {
        if (!parenthesised()) return false;
      } else {
        break;
      }
    }
    return pos_ > start;
  }

  // `( ... )`: inside parentheses `<`, `>` and `,` are operators, not template brackets.
  bool parenthesised() {
    ++pos_;  // '('
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ')') {
        ++pos_;
        return true;
      }
      if (c == '(') {
        if (!parenthesised()) return false;
      } else if (is_identifier_char(c) || is_operator_char(c) || c == '<' || c == '>' || c == ',' || c == ':') {
        ++pos_;
      } else {
        return false;
      }
    }
    return false;
  }

  // No `/` (it could open a comment), quotes, `#`, `\`, `;`, braces or brackets.
  static bool is_operator_char(char c) { return std::string_view(" *&-+.%|^~!=").find(c) != std::string_view::npos; }

  bool word() {
    if (pos_ >= text_.size() || !is_identifier_start(text_[pos_])) return false;
    while (pos_ < text_.size() && is_identifier_char(text_[pos_])) ++pos_;
    return true;
  }

  bool peek(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  void skip_spaces() {
    while (peek(' ')) ++pos_;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

bool is_cpp_function_name(std::string_view text) { return FunctionNamePattern(text).matches(); }

}  // namespace graphc::ir

#include "format/pieces.h"

#include <cstddef>

#include "graphc/base/node_kinds.h"

namespace graphc::format {
namespace {

bool identifier_first(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool identifier_other(char c) { return identifier_first(c) || digit(c); }

class Splitter {
 public:
  explicit Splitter(std::string_view text) : text_(text) {}

  std::vector<Piece> run() {
    while (true) {
      const std::uint32_t newlines = skip_space();
      if (at_ >= text_.size()) break;
      const bool padded = newlines == 0 && blanks_before(at_) >= 2;
      const std::size_t begin = at_;
      const Piece::Kind kind = piece();
      std::string_view piece = text_.substr(begin, at_ - begin);
      if (kind == Piece::Kind::line_comment) piece = piece.substr(0, piece.find_last_not_of(" \t\r") + 1);
      pieces_.push_back({kind, piece, newlines, padded});
    }
    return std::move(pieces_);
  }

 private:
  std::uint32_t skip_space() {
    std::uint32_t newlines = 0;
    for (; at_ < text_.size(); ++at_) {
      const char c = text_[at_];
      if (c == '\n') ++newlines;
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') break;
    }
    return newlines;
  }

  // The spaces and tabs right before `at`, back to the line break or the previous piece.
  std::size_t blanks_before(std::size_t at) const {
    std::size_t n = 0;
    while (n < at && (text_[at - n - 1] == ' ' || text_[at - n - 1] == '\t')) ++n;
    return n;
  }

  bool next_is(std::string_view s) const { return text_.substr(at_, s.size()) == s; }

  Piece::Kind piece() {
    if (next_is("//")) {
      // As grammar::line_comment: up to the line feed (a lone carriage return is part of it).
      while (at_ < text_.size() && text_[at_] != '\n') ++at_;
      return Piece::Kind::line_comment;
    }
    if (next_is("/*")) {
      const std::size_t end = text_.find("*/", at_ + 2);
      at_ = end == std::string_view::npos ? text_.size() : end + 2;
      return Piece::Kind::block_comment;
    }
    const char c = text_[at_];
    if (c == '"') {
      ++at_;
      while (at_ < text_.size() && text_[at_] != '"' && text_[at_] != '\n') ++at_;
      if (at_ < text_.size() && text_[at_] == '"') ++at_;
      return Piece::Kind::string;
    }
    if (digit(c) || (c == '.' && at_ + 1 < text_.size() && digit(text_[at_ + 1]))) {
      number();
      return Piece::Kind::number;
    }
    if (function_name_next() && (identifier_first(c) || next_is("::"))) {
      cpp_name();
      return Piece::Kind::word;
    }
    const bool scoped = next_is("::") && at_ + 2 < text_.size() && identifier_first(text_[at_ + 2]);
    if (identifier_first(c) || scoped) {
      // A word, or a struct's C++ name (`ns::Args`, `::Args`, `Args<float>`): `::` and a
      // template argument list occur nowhere else.
      const std::size_t begin = at_;
      if (scoped) at_ += 2;
      while (at_ < text_.size() && identifier_other(text_[at_])) ++at_;
      if (scoped || next_is("::") || template_args_next()) {
        at_ = begin;
        cpp_name();
      }
      return Piece::Kind::word;
    }
    for (const std::string_view p : {"<<<", ">>>", "->", "<-", "::", ".."}) {
      if (next_is(p)) {
        at_ += p.size();
        return Piece::Kind::punct;
      }
    }
    ++at_;
    return Piece::Kind::punct;
  }

  // grammar::number: `.`? digit (exponent sign | identifier character | `.` not before `.`)*
  void number() {
    if (text_[at_] == '.') ++at_;
    ++at_;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && at_ + 1 < text_.size() &&
          (text_[at_ + 1] == '+' || text_[at_ + 1] == '-')) {
        at_ += 2;
      } else if (identifier_other(c) || (c == '.' && !next_is(".."))) {
        ++at_;
      } else {
        break;
      }
    }
  }

  // Whether the last tokens are `KEYWORD NAME :` of a node kind that names a function there
  // (node_kinds.def's names_function: `kernel`, `host`, `capture`), NAME perhaps with an
  // index (`kernel k[i + 1] :`), so a C++ name (or a capture's library operation) comes next.
  bool function_name_next() const {
    auto it = pieces_.rbegin();
    const auto previous = [&]() -> const Piece* {
      while (it != pieces_.rend() && it->is_comment()) ++it;
      return it == pieces_.rend() ? nullptr : &*it++;
    };
    const Piece* p = previous();
    if (p == nullptr || !p->is(":")) return false;
    p = previous();
    if (p != nullptr && p->is("]")) {
      for (std::size_t depth = 1; p != nullptr && depth > 0;) {
        p = previous();
        if (p != nullptr && p->is("]")) ++depth;
        if (p != nullptr && p->is("[")) --depth;
      }
      p = previous();
    }
    if (p == nullptr || p->kind != Piece::Kind::word) return false;
    const Piece* keyword = previous();
    if (keyword == nullptr || keyword->kind != Piece::Kind::word) return false;
    const NodeKindInfo* kind = find_node_kind(keyword->text);
    return kind != nullptr && kind->names_function;
  }

  // grammar::cpp_name: `::`? identifier (`::` identifier)* template-arguments?, no spaces
  // around the scopes; template arguments nest and hold anything but `;{}` and line breaks.
  // Also grammar::library_function, `library.operation` and its template arguments.
  void cpp_name() {
    while (true) {
      if (next_is("::")) at_ += 2;
      if (at_ >= text_.size() || !identifier_first(text_[at_])) return;
      while (at_ < text_.size() && identifier_other(text_[at_])) ++at_;
      if (!next_is("::")) break;
    }
    if (next_is(".") && at_ + 1 < text_.size() && identifier_first(text_[at_ + 1])) {
      ++at_;
      while (at_ < text_.size() && identifier_other(text_[at_])) ++at_;
    }
    if (!next_is("<") || next_is("<<<")) return;
    if (const std::size_t end = template_args_end(); end != std::string_view::npos) at_ = end;
  }

  // Just past the `>` that closes the template argument list at `at_`, or npos where the
  // line or statement ends first.
  std::size_t template_args_end() const {
    std::size_t depth = 0;
    for (std::size_t i = at_; i < text_.size(); ++i) {
      const char c = text_[i];
      if (c == ';' || c == '{' || c == '}' || c == '\n' || c == '\r') return std::string_view::npos;
      if (c == '<') ++depth;
      if (c == '>' && --depth == 0) return i + 1;
    }
    return std::string_view::npos;
  }

  // Whether a template argument list follows a struct's C++ name: a `<` that does not open
  // `<<<`. `<-` is a copy's arrow (`dst<-src`), unless the list it opens closes and `{`
  // follows, as after a struct's name with a negative argument (`struct Tile<-1> {`, the
  // value `Tile<-1>{4}`): a copy's source holds no `>`.
  bool template_args_next() const {
    if (!next_is("<") || next_is("<<<")) return false;
    if (!next_is("<-")) return true;
    std::size_t i = template_args_end();
    if (i == std::string_view::npos) return false;
    while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r')) ++i;
    return i < text_.size() && text_[i] == '{';
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::vector<Piece> pieces_;
};

}  // namespace

std::vector<Piece> split_pieces(std::string_view text) { return Splitter(text).run(); }

}  // namespace graphc::format

// The lexical level of the .graph language: whitespace and comments, identifiers,
// reserved words, numbers, strings and punctuation.
//
// Every token consumes the whitespace and comments that follow it (`skip`), so a rule
// always starts at the first character of a token: a rule that fails at its first token
// fails where the offending text begins, which is where a syntax error points.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <string_view>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "graphc/base/node_kinds.h"

namespace graphc::grammar {

using namespace tao::pegtl;

// `/*` with no `*/` after it: an error at its `/*`; a rule of its own so that it has an
// error message. Block comments do not nest, as in C++.
struct unterminated_comment : string<'/', '*'> {};

// Whitespace and comments between tokens (possibly none): blanks (PEGTL's `space`: ' ',
// '\t', '\n', '\v', '\f', '\r'), `// ...` up to and including the end of the line (or of
// the file), and `/* ... */`. It follows every token, so it scans the characters in line
// rather than as star<sor<plus<space>, line comment, block comment>>, which matches the
// same text.
struct skip {
  using rule_t = skip;
  using subs_t = type_list<>;

  template <apply_mode A, rewind_mode M, template <class...> class Action, template <class...> class Control,
            class ParseInput, class... States>
  static bool match(ParseInput& in, States&&... st) {
    const char* p = in.current();
    const char* const end = in.end();
    for (;;) {
      while (p != end && is_blank(*p)) ++p;
      if (end - p < 2 || p[0] != '/') break;
      if (p[1] == '/') {
        const void* eol = std::memchr(p + 2, '\n', static_cast<std::size_t>(end - p - 2));
        p = eol != nullptr ? static_cast<const char*>(eol) + 1 : end;
      } else if (p[1] == '*') {
        const char* close = find_close(p + 2, end);
        if (close == nullptr) {
          in.bump(static_cast<std::size_t>(p - in.current()));
          Control<unterminated_comment>::raise(static_cast<const ParseInput&>(in), st...);
        }
        p = close + 2;
      } else {
        break;
      }
    }
    in.bump(static_cast<std::size_t>(p - in.current()));
    return true;
  }

  static constexpr bool is_blank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

  // The `*/` at or after `p`, or null.
  static const char* find_close(const char* p, const char* end) {
    for (; end - p >= 2; ++p) {
      p = static_cast<const char*>(std::memchr(p, '*', static_cast<std::size_t>(end - p - 1)));
      if (p == nullptr) return nullptr;
      if (p[1] == '/') return p;
    }
    return nullptr;
  }
};

// The characters Cs exactly, compared in line: PEGTL's string<> calls memcmp, which costs
// more than the comparison for the short tokens of this language. `Keyword`: not followed
// by an identifier character either, as PEGTL's keyword<>.
template <bool Keyword, char... Cs>
struct chars {
  using rule_t = chars;
  using subs_t = type_list<>;

  template <class ParseInput>
  static bool match(ParseInput& in) {
    constexpr std::size_t n = sizeof...(Cs);
    const std::size_t available = in.size(n + 1);
    if (available < n) return false;
    const char* p = in.current();
    std::size_t i = 0;
    if (!((p[i++] == Cs) && ...)) return false;
    if constexpr (Keyword) {
      if (available > n && is_identifier_char(p[n])) return false;
    }
    in.bump_in_this_line(n);
    return true;
  }

  static constexpr bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
};

// A punctuation token: the character(s), then the whitespace after them. Each use in the
// grammar derives its own rule from this, so that it has its own error message.
template <char... Cs>
struct sym : seq<chars<false, Cs...>, skip> {};

// A keyword token: the word (not followed by an identifier character), then whitespace.
template <char... Cs>
struct kw : seq<chars<true, Cs...>, skip> {};

// The reserved words that are no node statement's keyword: the other declaration keywords,
// the scalar types, the memory spaces, the words inside declarations, and the keywords of
// the language's later declarations (so that a graph written today keeps its meaning).
inline constexpr std::string_view other_reserved_words[] = {
    "module", "graph",  "const", "param", "buffer", "view", "bytes", "fill",    "iota", "device", "managed", "pageable",
    "i8",     "i16",    "i32",   "i64",   "u8",     "u16",  "u32",   "u64",     "f16",  "bf16",   "f32",     "f64",
    "char",   "import", "cond",  "event", "comm",   "else", "case",  "nullptr", "for",  "variant"};

// Words that cannot name a const, param, buffer, node or graph: the node statements'
// keywords (graphc/base/node_kinds.def, so a new kind's is reserved with its row), then the
// others.
inline constexpr auto reserved_words = [] {
  constexpr auto nodes = node_keywords();
  std::array<std::string_view, nodes.size() + std::size(other_reserved_words)> out{};
  std::size_t n = 0;
  for (const std::string_view word : nodes) out[n++] = word;
  for (const std::string_view word : other_reserved_words) out[n++] = word;
  return out;
}();

// A set of words, each looked up with about one comparison (PEGTL's sor<keyword...> tries
// them one by one): an open-addressing table hashed on a word's length and first and last
// characters.
template <std::size_t Slots>
class word_set {
 public:
  template <class Words>
  constexpr explicit word_set(const Words& words) {
    static_assert(sizeof(Words) / sizeof(std::string_view) < Slots / 2, "a table at most half full keeps probes short");
    for (std::string_view word : words) {
      std::size_t slot = slot_of(word);
      while (!slots_[slot].empty()) slot = (slot + 1) % Slots;
      slots_[slot] = word;
    }
  }

  constexpr bool contains(std::string_view word) const {
    for (std::size_t slot = slot_of(word); !slots_[slot].empty(); slot = (slot + 1) % Slots) {
      if (slots_[slot] == word) return true;
    }
    return false;
  }

 private:
  static constexpr std::size_t slot_of(std::string_view word) {
    return (word.size() * 33 + static_cast<unsigned char>(word.front()) * 9 +
            static_cast<unsigned char>(word.back()) * 19) %
           Slots;
  }
  std::string_view slots_[Slots] = {};
};

// An identifier (as PEGTL's identifier) that is one of `Words`, consumed whole.
template <const auto& Words>
struct word_of {
  using rule_t = word_of;
  using subs_t = type_list<>;

  template <class ParseInput>
  static bool match(ParseInput& in) {
    const char* begin = in.current();
    const char* end = begin + in.size(0);
    if (begin == end || !is_identifier_first(*begin)) return false;
    const char* p = begin + 1;
    while (p != end && (is_identifier_first(*p) || (*p >= '0' && *p <= '9'))) ++p;
    const auto length = static_cast<std::size_t>(p - begin);
    if (!Words.contains(std::string_view(begin, length))) return false;
    in.bump_in_this_line(length);
    return true;
  }

  static constexpr bool is_identifier_first(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
};

inline constexpr word_set<128> reserved_word_set{reserved_words};
struct reserved_word : word_of<reserved_word_set> {};

// A reserved word where a name is expected; a rule of its own for its error message.
struct reserved_name : reserved_word {};

// Any identifier, reserved or not: where the word is checked after parsing (a type, a
// memory space, a function in an expression).
struct word : seq<identifier, skip> {};

// A user's name: an identifier that is not a reserved word. A reserved word here is an
// error at the word, not a mismatch, so that `buffer const : ...` says why.
struct name : sor<seq<at<reserved_word>, raise<reserved_name>>, seq<identifier, skip>> {};

// A number as C++ preprocesses it (a pp-number): a digit (or `.` and a digit), then
// digits, letters, `_`, `.` and exponent signs, but not `..` (a loop's range, `0..L`). Its form, suffix and range are
// checked after parsing, so that `12abc` or an overflowing literal get their own diagnostic.
struct number
    : seq<opt<one<'.'>>, digit,
          star<sor<seq<one<'e', 'E', 'p', 'P'>, one<'+', '-'>>, identifier_other, seq<one<'.'>, not_at<one<'.'>>>>>,
          skip> {};

// The opening quote of a string.
struct string_open : one<'"'> {};

// A `"` with no closing `"` on its line; a rule of its own for its error message.
struct unterminated_string : string_open {};

// `"text"` on one line, without escapes (a file path). Unterminated: an error at the `"`.
struct string_literal : seq<sor<seq<string_open, star<not_one<'"', '\n', '\r'>>, one<'"'>>,
                                seq<at<string_open>, raise<unterminated_string>>>,
                            skip> {};

// `::` in a C++ name.
struct cpp_scope : two<':'> {};

// Characters inside a template argument list other than angle brackets; a list ends at
// the end of its line.
struct template_arg_char : not_one<'<', '>', ';', '{', '}', '\n', '\r'> {};

// `<...>` after a C++ name, with nested `<...>`, kept as text. What follows the `<` is a
// rule of its own, so that the front end can bound how deeply lists nest.
struct template_args;
struct template_args_body : seq<star<sor<template_args, template_arg_char>>, one<'>'>> {};
struct template_args : seq<one<'<'>, template_args_body> {};

// A function as C++ spells it: `axpy`, `::axpy`, `ns::scale<float, 4>`. A template argument
// list never starts with `<<<`, which opens the launch configuration.
struct cpp_name
    : seq<opt<cpp_scope>, identifier, star<cpp_scope, identifier>, opt<not_at<three<'<'>>, template_args>, skip> {};

}  // namespace graphc::grammar

// For PEGTL's grammar analysis: each of the custom rules above consumes input when it matches.
template <class Name, bool Keyword, char... Cs>
struct tao::pegtl::analyze_traits<Name, graphc::grammar::chars<Keyword, Cs...>> : analyze_any_traits<> {};
template <class Name, const auto& Words>
struct tao::pegtl::analyze_traits<Name, graphc::grammar::word_of<Words>> : analyze_any_traits<> {};
template <class Name>
struct tao::pegtl::analyze_traits<Name, graphc::grammar::skip> : analyze_opt_traits<> {};

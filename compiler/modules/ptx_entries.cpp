#include "modules/ptx_entries.h"

#include <charconv>
#include <cstdint>
#include <string>

namespace graphc::modules {
namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '%';
}

// `ptx` with every comment replaced by spaces, so that offsets stay those of the text.
std::string without_comments(std::string_view ptx) {
  std::string out(ptx);
  std::size_t i = 0;
  while (i < out.size()) {
    if (out.compare(i, 2, "//") == 0) {
      while (i < out.size() && out[i] != '\n') out[i++] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      const std::size_t end = out.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? out.size() : end + 2;
      for (; i < stop; ++i) {
        if (out[i] != '\n') out[i] = ' ';
      }
    } else if (out[i] == '"') {  // a string (.file names): skipped whole
      for (++i; i < out.size() && out[i] != '"' && out[i] != '\n'; ++i) {
      }
      ++i;
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// One `.param ...` declaration of an entry's parameter list.
ir::KernelParam parse_param(std::string_view declaration) {
  ir::KernelParam param;
  std::uint32_t element = 0;
  bool floating = false;
  for (const std::string_view word : words(declaration)) {
    if (word.size() >= 3 && word[0] == '.' && (word[1] == 'u' || word[1] == 's' || word[1] == 'b' || word[1] == 'f')) {
      std::uint32_t bits = 0;
      const auto [end, ec] = std::from_chars(word.data() + 2, word.data() + word.size(), bits);
      if (ec == std::errc() && end == word.data() + word.size()) {
        element = bits / 8;
        floating = word[1] == 'f';
      }
      continue;
    }
    if (word.front() == '.') continue;  // .param .ptr .global .align 8 ...
    // The name, with `[N]` for a byte array.
    if (const std::size_t open = word.find('['); open != std::string_view::npos) {
      std::uint32_t count = 0;
      std::from_chars(word.data() + open + 1, word.data() + word.size(), count);
      param.kind = ir::KernelParam::Kind::bytes;
      param.size = element * count;
      return param;
    }
  }
  param.kind = floating ? ir::KernelParam::Kind::floating : ir::KernelParam::Kind::integer;
  param.size = element;
  return param;
}

// Whether the body of the entry whose declaration continues at `at` (its parameter list or
// performance directives, then `{`) holds `griddepcontrol.wait`: from its `{` to the brace
// that closes it. A declaration without a body (`;` first) has none.
bool body_waits(const std::string& text, std::size_t at) {
  const std::size_t open = text.find_first_of("{;", at);
  if (open == std::string::npos || text[open] == ';') return false;
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) {
      return std::string_view(text).substr(open, i - open).find("griddepcontrol.wait") != std::string_view::npos;
    }
  }
  return false;
}

}  // namespace

std::vector<ir::KernelSignature> ptx_entries(std::string_view ptx) {
  const std::string text = without_comments(ptx);
  std::vector<ir::KernelSignature> out;
  for (std::size_t at = text.find(".entry"); at != std::string::npos; at = text.find(".entry", at + 6)) {
    if ((at > 0 && is_name_char(text[at - 1])) || (at + 6 < text.size() && is_name_char(text[at + 6]))) continue;
    std::size_t i = at + 6;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t name_begin = i;
    while (i < text.size() && is_name_char(text[i])) ++i;
    if (i == name_begin) continue;
    ir::KernelSignature kernel;
    kernel.symbol = text.substr(name_begin, i - name_begin);
    kernel.name = kernel.symbol;
    kernel.declaration = std::pair{static_cast<std::uint32_t>(name_begin), static_cast<std::uint32_t>(i)};
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
    if (i < text.size() && text[i] == '(') {
      const std::size_t close = text.find(')', i);
      if (close == std::string::npos) break;
      std::string_view list = std::string_view(text).substr(i + 1, close - i - 1);
      while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view one = list.substr(0, comma);
        if (one.find(".param") != std::string_view::npos) kernel.params.push_back(parse_param(one));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
    }
    kernel.waits_on_dependencies = body_waits(text, i);
    out.push_back(std::move(kernel));
  }
  return out;
}

}  // namespace graphc::modules

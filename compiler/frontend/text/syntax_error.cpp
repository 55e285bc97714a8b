#include "frontend/text/syntax_error.h"

#include <cctype>
#include <string>
#include <vector>

#include "diag/spellcheck.h"

namespace graphc::frontend::text {
namespace {

// The identifier that starts at `offset` (empty if none).
SourceRange word_from(const std::string& text, FileId file, std::uint32_t offset) {
  std::uint32_t end = offset;
  while (end < text.size() && is_word_char(text[end])) ++end;
  return {file, offset, end};
}

// The identifier that ends at `offset` (empty if none).
SourceRange word_until(const std::string& text, FileId file, std::uint32_t offset) {
  std::uint32_t begin = offset;
  while (begin > 0 && is_word_char(text[begin - 1])) --begin;
  return {file, begin, offset};
}

// The text for `{}` in a message: the word at `offset`, else its one character.
std::string offending_text(const std::string& text, std::uint32_t offset) {
  if (offset >= text.size()) return "end of file";
  const SourceRange word = word_from(text, FileId{}, offset);
  return text.substr(offset, std::max<std::uint32_t>(word.end - offset, 1));
}

// Where the error points (see grammar::anchor): at the offending text, or just after the
// previous token where something is missing from the end of a line or of the file.
std::uint32_t error_offset(const SourceFile& source, const TokenEnds& ends, const grammar::syntax_error& e) {
  const auto offset = static_cast<std::uint32_t>(e.offset());
  const std::uint32_t previous = ends.token_end(offset);
  const bool at_end = offset == source.text().size();
  const bool missing_at_line_end = e.where() == grammar::anchor::expected_here &&
                                   source.line_column(previous).line < source.line_column(offset).line;
  return at_end || missing_at_line_end ? previous : offset;
}

std::vector<std::string> split_words(std::string_view words) {
  std::vector<std::string> out;
  while (!words.empty()) {
    const std::size_t space = std::min(words.find(' '), words.size());
    out.emplace_back(words.substr(0, space));
    words.remove_prefix(std::min(space + 1, words.size()));
  }
  return out;
}

}  // namespace

void report_syntax_error(const SourceFile& source, FileId file, const TokenEnds& ends, const grammar::syntax_error& e,
                         DiagEngine& diags) {
  const std::string& text = source.text();
  const auto offset = static_cast<std::uint32_t>(e.offset());
  // At the word before the offending text, where that word is at fault.
  const SourceRange before = word_until(text, file, ends.token_end(offset));
  const bool at_word_before = e.where() == grammar::anchor::word_before && before.begin < before.end;
  std::string message = e.what();
  if (const std::size_t hole = message.find("{}"); hole != std::string::npos) {
    message.replace(hole, 2, offending_text(text, at_word_before ? before.begin : offset));
  }
  const std::uint32_t at = at_word_before ? before.begin : error_offset(source, ends, e);
  Diagnostic& d = diags.report(DiagCode::syntax_error, SourceRange{file, at, at}, message);

  const grammar::keyword_hint& hint = e.keywords();
  if (hint.keywords.empty()) return;
  const SourceRange word = hint.which == grammar::keyword_hint::word::at
                               ? word_from(text, file, offset)
                               : word_until(text, file, ends.token_end(offset));
  if (word.begin == word.end) return;
  const std::string written(text, word.begin, word.end - word.begin);
  if (const auto guess = closest_name(written, split_words(hint.keywords))) {
    d.note<NoteCode::did_you_mean>(word, *guess);
  }
}

}  // namespace graphc::frontend::text

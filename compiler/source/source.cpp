#include "source/source.h"

#include <algorithm>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace graphc {

SourceFile::SourceFile(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.reserve(text_.size() / 32 + 1);  // a guess at the lines: one vector growth at most, mostly
  line_starts_.push_back(0);
  const char* const first = text_.data();
  const char* const last = first + text_.size();
  for (const char* p = first;
       (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(last - p))));) {
    ++p;
    line_starts_.push_back(static_cast<std::uint32_t>(p - first));
  }
}

LineColumn SourceFile::line_column(std::uint32_t offset) const {
  offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text_.size()));
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const auto line = static_cast<std::uint32_t>(it - line_starts_.begin());
  return {line, offset - line_starts_[line - 1] + 1};
}

std::string_view SourceFile::line_text(std::uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  const std::uint32_t begin = line_starts_[line - 1];
  std::uint32_t end = line < line_starts_.size() ? line_starts_[line] - 1 : static_cast<std::uint32_t>(text_.size());
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

std::uint32_t SourceFile::offset_of(std::uint32_t line, std::uint32_t column) const {
  if (line == 0 || line > line_starts_.size()) return static_cast<std::uint32_t>(text_.size());
  return std::min<std::uint32_t>(line_starts_[line - 1] + column - 1, static_cast<std::uint32_t>(text_.size()));
}

FileId SourceManager::add(std::string path, std::string text) {
  files_.emplace_back(std::move(path), std::move(text));
  return FileId{static_cast<std::uint32_t>(files_.size() - 1)};
}

FileId SourceManager::add_iteration(SourceRange loop, std::string variable, std::int64_t value) {
  iterations_.push_back(LoopIteration{loop, std::move(variable), value});
  return FileId{static_cast<std::uint32_t>(iterations_.size() - 1) | kIteration};
}

std::string SourceManager::location(const SourceRange& range) const {
  if (!range.valid()) return "<unknown>";
  const SourceFile& f = file(range.file);
  const LineColumn lc = f.line_column(range.begin);
  return fmt::format("{}:{}:{}", f.path(), lc.line, lc.column);
}

std::string_view SourceManager::text(const SourceRange& range) const {
  if (!range.valid()) return {};
  const std::string& t = file(range.file).text();
  const std::uint32_t begin = std::min<std::uint32_t>(range.begin, static_cast<std::uint32_t>(t.size()));
  const std::uint32_t end = std::min<std::uint32_t>(std::max(range.end, begin), static_cast<std::uint32_t>(t.size()));
  return std::string_view(t).substr(begin, end - begin);
}

std::string unreadable_file(const std::string& path) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (ec) return ec.message();  // "No such file or directory", "Permission denied"
  if (std::filesystem::is_directory(status)) return "it is a directory";
  if (!std::filesystem::is_regular_file(status)) return "it is not a regular file (a pipe, a socket or a device)";
  return {};
}

}  // namespace graphc

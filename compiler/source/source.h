// Source files, byte ranges and line/column lookup.
//
// Every IR element and every diagnostic carries a SourceRange: a file id and a half-open
// byte range [begin, end). Lines and columns are computed on demand from the file's line
// table and are 1-based, as printed in `file:line:col`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace graphc {

/// Index of a file in a SourceManager.
struct FileId {
  std::uint32_t value = UINT32_MAX;
  bool valid() const { return value != UINT32_MAX; }
  friend bool operator==(FileId, FileId) = default;
};

/// Half-open byte range [begin, end) in one file.
struct SourceRange {
  FileId file;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool valid() const { return file.valid(); }
  friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

/// A 1-based line and column.
struct LineColumn {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

/// One loaded file: its path as given by the user and its whole text.
class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }

  /// 1-based line and column of a byte offset (offsets past the end clamp to the end).
  LineColumn line_column(std::uint32_t offset) const;
  /// The text of a 1-based line, without its newline.
  std::string_view line_text(std::uint32_t line) const;
  /// Byte offset of a 1-based line and column (the inverse of line_column).
  std::uint32_t offset_of(std::uint32_t line, std::uint32_t column) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<std::uint32_t> line_starts_;
};

/// One iteration of a `for` loop, which the front end expands into copies of the loop's
/// items: the copies' ranges are in a file id of the iteration's own, so that each copy has
/// a place of its own and a diagnostic at it says which iteration it is (render() adds a
/// note at `loop`, "in iteration i = 3 of this loop", then the notes of the loops around it).
struct LoopIteration {
  SourceRange loop;      // the loop's variable, in its file or in an enclosing iteration
  std::string variable;  // `i`
  std::int64_t value = 0;
};

/// Owns every file read during one compilation; FileIds index into it.
class SourceManager {
 public:
  /// Adds a file held in memory. The path is used verbatim in diagnostics.
  FileId add(std::string path, std::string text);

  /// The file of `id`; for an iteration, the file its loop is written in.
  const SourceFile& file(FileId id) const {
    while ((id.value & kIteration) != 0) id = iterations_.at(id.value & ~kIteration).loop.file;
    return files_.at(id.value);
  }
  /// The files read; iterations are not counted.
  std::size_t size() const { return files_.size(); }

  /// A file id for the iteration of the loop at `loop` where `variable` is `value`: its
  /// ranges are ranges of the loop's file, and diagnostics at them say which iteration.
  FileId add_iteration(SourceRange loop, std::string variable, std::int64_t value);
  /// The iteration `id` is, or nullptr for a file.
  const LoopIteration* iteration(FileId id) const {
    return is_iteration(id) ? &iterations_.at(id.value & ~kIteration) : nullptr;
  }

  /// Whether `id` is an iteration's (a range in a copy of a loop's items), not a file's.
  static bool is_iteration(FileId id) { return (id.value & kIteration) != 0 && id.valid(); }

  /// `path:line:col` of the start of a range.
  std::string location(const SourceRange& range) const;
  /// The source text covered by a range.
  std::string_view text(const SourceRange& range) const;

 private:
  static constexpr std::uint32_t kIteration = 0x80000000u;  // the bit that marks an iteration's id
  std::vector<SourceFile> files_;
  std::vector<LoopIteration> iterations_;
};

/// Why `path` cannot be read as a graph or module file, or empty when it can: the system's
/// reason ("No such file or directory", "Permission denied"), or that it is a directory or
/// not a regular file. Checked without opening it: a pipe's open waits for a writer, and a
/// device such as /dev/zero never ends.
std::string unreadable_file(const std::string& path);

}  // namespace graphc

// Diagnostics as data: a code from codes.def, a severity, a source range, a message and
// notes (rows of notes.def) that point at the other party (the earlier declaration, the
// edge, the cycle).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "source/source.h"

namespace graphc {

enum class Severity : std::uint8_t { error, warning, note };

/// One enumerator per row of codes.def, named by the row's id (e.g. DiagCode::unknown_node).
enum class DiagCode : std::uint16_t {
#define GRAPHC_DIAG(code, severity, id, format) id,
#include "graphc/base/codes.def"
#undef GRAPHC_DIAG
};

/// One enumerator per row of notes.def, named by the row's id (e.g. NoteCode::declared_here).
enum class NoteCode : std::uint16_t {
#define GRAPHC_NOTE(id, format) id,
#include "graphc/base/notes.def"
#undef GRAPHC_NOTE
};

/// The fmt format strings of the notes, indexed by NoteCode.
inline constexpr std::string_view note_formats[] = {
#define GRAPHC_NOTE(id, format) format,
#include "graphc/base/notes.def"
#undef GRAPHC_NOTE
};

/// The stable code as printed, e.g. "E0102".
std::string_view code_name(DiagCode code);
Severity severity_of(DiagCode code);
/// The fmt format string of a code.
std::string_view format_of(DiagCode code);

struct DiagNote {
  SourceRange range;  // may be invalid: a note with no location
  std::string message;
};

struct Diagnostic {
  DiagCode code{};
  Severity severity = Severity::error;
  SourceRange range;
  std::string message;
  std::vector<DiagNote> notes;

  /// Adds the note of row `Code` of notes.def with its format's arguments (checked against
  /// the format at compile time); returns *this so calls chain.
  template <NoteCode Code, class... Args>
  Diagnostic& note(SourceRange where, Args&&... args) {
    constexpr std::string_view format = note_formats[static_cast<std::size_t>(Code)];
    notes.push_back({where, fmt::format(fmt::format_string<Args...>(format), std::forward<Args>(args)...)});
    return *this;
  }
};

/// What the copies of one diagnostic from iterations of a `for` loop share, as a key: its
/// code, place in the loop's text and message.
std::string loop_copy_key(const Diagnostic& diagnostic);

/// Collects diagnostics for one compilation. Call sites pass a code, a range and the
/// format arguments; the wording lives in codes.def.
class DiagEngine {
 public:
  /// At most this many errors are kept; later ones are dropped (cascade cap). An error in a
  /// copy of a loop's items alike (code, place and message) to one kept from another copy is
  /// kept but not counted: render_all() folds such copies into one, and caps what it prints.
  static constexpr std::size_t max_errors = 50;

  template <class... Args>
  Diagnostic& report(DiagCode code, SourceRange range, Args&&... args) {
    return add(code, range, fmt::format(fmt::runtime(format_of(code)), std::forward<Args>(args)...));
  }

  /// Adds a diagnostic made elsewhere (in another engine, then given notes), under the
  /// same cap.
  Diagnostic& add(Diagnostic diagnostic);

  /// Makes every warning of `code` reported so far an error (`-Werror=race`): it keeps its
  /// code and message, and counts as an error.
  void promote(DiagCode code);

  bool has_errors() const { return error_count_ > 0; }
  std::size_t error_count() const { return error_count_; }
  std::size_t warning_count() const;
  /// Diagnostics sorted by file and position (stable for equal positions).
  std::vector<Diagnostic> sorted() const;
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

 private:
  Diagnostic& add(DiagCode code, SourceRange range, std::string message);

  std::vector<Diagnostic> diagnostics_;
  std::size_t error_count_ = 0;
  std::size_t counted_ = 0;                      // the errors kept that count towards max_errors
  std::unordered_set<std::string> loop_errors_;  // code, place and message of each kept in a loop
  Diagnostic overflow_;                          // sink for reports past max_errors
};

}  // namespace graphc

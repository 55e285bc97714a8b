// graphc::DiagnosticInfo: a diagnostic of the compiler as plain fields, for programs that
// handle diagnostics rather than print them (Program::check, Error::diagnostics(), the
// Python module's graphc.Diagnostic).
#pragma once

#include <string>
#include <vector>

namespace graphc {

/// A note of a diagnostic: where the other party is (the earlier declaration, the edge).
struct DiagnosticNoteInfo {
  std::string file;  // as the file was named to the compiler; empty when the note has no place
  int line = 0;      // 1-based; 0 when the note has no place
  int column = 0;    // 1-based, in bytes
  std::string message;
};

/// One diagnostic, as `graphc check` prints it: `file:line:col: severity[CODE]: message`, the
/// source line with a caret, then the notes.
struct DiagnosticInfo {
  std::string code;      // "E0102", "W0303"
  std::string severity;  // "error" or "warning" (a warning -Werror promoted is an "error")
  std::string file;      // empty when it has no place (a file that cannot be read: the message names it)
  int line = 0;          // 1-based; 0 when it has no place
  int column = 0;        // 1-based, in bytes
  int end_line = 0;      // where the range the caret marks ends (its last byte): line
  int end_column = 0;    // and column
  std::string message;
  std::vector<DiagnosticNoteInfo> notes;
  std::string text;  // the rendered text above, every line ending in a newline, no colour
};

}  // namespace graphc

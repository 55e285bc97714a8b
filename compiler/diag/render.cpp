#include "diag/render.h"

#include <algorithm>

#include "diag/loop_copies.h"

namespace graphc {
namespace {

constexpr std::string_view kBold = "\033[1m";
constexpr std::string_view kRed = "\033[1;31m";
constexpr std::string_view kMagenta = "\033[1;35m";
constexpr std::string_view kCyan = "\033[1;36m";
constexpr std::string_view kGreen = "\033[1;32m";
constexpr std::string_view kReset = "\033[0m";

std::string_view paint(bool color, std::string_view code) { return color ? code : std::string_view{}; }

// A control byte of the input (a NUL, an escape) that the terminal must not receive as it
// is: tabs and newlines (a message of several lines, NVRTC's log) stay, everything else
// below 0x20, and DEL, is written `\xNN`.
bool escaped(char c) { return (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') || c == '\x7f'; }

// Columns that byte `c` of the input takes once written by printable().
std::size_t display_width(char c) { return escaped(c) ? 4 : 1; }

// The source line and a caret under the range (clipped to the first line of the range).
void append_snippet(std::string& out, const SourceManager& sources, const SourceRange& range, bool color) {
  if (!range.valid()) return;
  const SourceFile& file = sources.file(range.file);
  const LineColumn lc = file.line_column(range.begin);
  const std::string_view line = file.line_text(lc.line);
  const std::string number = std::to_string(lc.line);
  out += fmt::format("{:>5} | {}\n", number, printable(line));
  std::string marker;
  for (std::uint32_t i = 0; i + 1 < lc.column && i < line.size(); ++i) {
    if (line[i] == '\t') {
      marker += '\t';
    } else {
      marker.append(display_width(line[i]), ' ');
    }
  }
  const std::size_t start = lc.column - 1;
  const std::size_t available = line.size() > start ? line.size() - start : 1;
  const std::size_t bytes =
      std::clamp<std::size_t>(range.end > range.begin ? range.end - range.begin : 1, 1, available);
  std::size_t width = 0;
  for (std::size_t i = start; i < start + bytes; ++i) width += i < line.size() ? display_width(line[i]) : 1;
  marker += '^';
  marker.append(width - 1, '~');
  out += fmt::format("{:>5} | {}{}{}\n", "", paint(color, kGreen), marker, paint(color, kReset));
}

// `file:line:col: note: message` and its snippet; a note without a place is its message.
void append_note(std::string& out, const SourceManager& sources, const SourceRange& range, std::string_view message,
                 bool color) {
  if (!range.valid()) {
    out += fmt::format("{}note:{} {}\n", paint(color, kCyan), paint(color, kReset), printable(message));
    return;
  }
  out += fmt::format("{}{}: {}note:{} {}\n", paint(color, kBold), printable(sources.location(range)),
                     paint(color, kCyan), paint(color, kReset), printable(message));
  append_snippet(out, sources, range, color);
}

// A note at a copy of a loop's items says which copy, innermost loop first:
// " (in iteration i = 2 of the loop at f.graph:3:9)", the loops joined by ", ". A note in an
// iteration the folded diagnostic is in names the iterations it stands for there:
// " (in iterations j = 0, 1 and i = 0, 1, 2 of the loops at f.graph:2:5, f.graph:3:9)".
std::string iterations_of(const SourceManager& sources, FileId file, const FoldedDiagnostic& folded) {
  const FoldedIterations many = folded_iterations(sources, folded, file);
  if (!many.text.empty()) {
    std::vector<std::string> places;
    for (const LoopIteration* it : many.loops) places.push_back(sources.location(it->loop));
    return fmt::format(" (in iterations {} of the loop{} at {})", many.text, many.loops.size() == 1 ? "" : "s",
                       fmt::join(places, ", "));
  }
  std::vector<std::string> loops;
  for (const LoopIteration* it = sources.iteration(file); it != nullptr; it = sources.iteration(it->loop.file)) {
    loops.push_back(fmt::format("in iteration {} = {} of the loop at {}", it->variable, it->value,
                                sources.location(it->loop)));
  }
  return loops.empty() ? std::string{} : fmt::format(" ({})", fmt::join(loops, ", "));
}

// One diagnostic, standing for the iterations `folded` names.
std::string render_folded(const SourceManager& sources, const FoldedDiagnostic& folded, RenderOptions options) {
  const Diagnostic& d = *folded.diagnostic;
  const bool color = options.color;
  std::string out;
  const bool is_error = d.severity == Severity::error;
  // Without a place (a file that cannot be read): the program's name, as compilers write it.
  const std::string where = d.range.valid() ? printable(sources.location(d.range)) : "graphc";
  out += fmt::format("{}{}: {}{}[{}]:{} {}{}{}\n", paint(color, kBold), where, paint(color, is_error ? kRed : kMagenta),
                     is_error ? "error" : "warning", code_name(d.code), paint(color, kReset), paint(color, kBold),
                     printable(d.message), paint(color, kReset));
  append_snippet(out, sources, d.range, color);
  for (const DiagNote& note : d.notes) {
    append_note(out, sources, note.range, note.message + iterations_of(sources, note.range.file, folded), color);
  }
  // In a copy of a loop's items: which iteration, innermost loop first; folded from several,
  // one note at the outermost loop naming them all.
  const FoldedIterations many = folded_iterations(sources, folded, d.range.file);
  if (!many.text.empty()) {
    append_note(out, sources, many.loops.front()->loop,
                fmt::format("in iterations {} of {}", many.text, many.loops.size() == 1 ? "this loop" : "these loops"),
                color);
    return out;
  }
  for (const LoopIteration* it = sources.iteration(d.range.file); it != nullptr;
       it = sources.iteration(it->loop.file)) {
    append_note(out, sources, it->loop, fmt::format("in iteration {} = {} of this loop", it->variable, it->value),
                color);
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (escaped(c)) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

std::string render(const SourceManager& sources, const Diagnostic& d, RenderOptions options) {
  return render_folded(sources, FoldedDiagnostic{&d, {}}, options);
}

std::vector<RenderedDiagnostic> render_each(const SourceManager& sources, const std::vector<Diagnostic>& diagnostics,
                                            RenderOptions options) {
  std::vector<RenderedDiagnostic> out;
  std::size_t errors = 0;
  for (const FoldedDiagnostic& folded : fold_loop_copies(sources, diagnostics)) {
    const bool is_error = folded.diagnostic->severity == Severity::error;
    if (is_error && errors == DiagEngine::max_errors) continue;  // the cap, on what is printed
    out.push_back({folded.diagnostic, render_folded(sources, folded, options)});
    errors += is_error ? 1 : 0;
  }
  return out;
}

std::string render_all(const SourceManager& sources, const std::vector<Diagnostic>& diagnostics,
                       RenderOptions options) {
  std::string out;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  for (const RenderedDiagnostic& rendered : render_each(sources, diagnostics, options)) {
    out += rendered.text;
    (rendered.diagnostic->severity == Severity::error ? errors : warnings) += 1;
  }
  return out + summary_line(errors, warnings);
}

std::string summary_line(std::size_t errors, std::size_t warnings) {
  if (errors + warnings == 0) return {};
  std::vector<std::string> parts;
  if (errors > 0) parts.push_back(fmt::format("{} error{}", errors, errors == 1 ? "" : "s"));
  if (warnings > 0) parts.push_back(fmt::format("{} warning{}", warnings, warnings == 1 ? "" : "s"));
  return fmt::format("{}\n", fmt::join(parts, ", "));
}

std::string render_note(std::string_view message, RenderOptions options) {
  std::string out;
  append_note(out, SourceManager{}, SourceRange{}, message, options.color);
  return out;
}

}  // namespace graphc

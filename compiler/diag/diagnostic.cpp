#include "diag/diagnostic.h"

#include <algorithm>
#include <array>

namespace graphc {
namespace {

struct CodeInfo {
  std::string_view name;
  Severity severity;
  std::string_view format;
};

constexpr std::array kCodes = {
#define GRAPHC_DIAG(code, severity, id, format) CodeInfo{#code, Severity::severity, format},
#include "graphc/base/codes.def"
#undef GRAPHC_DIAG
};

}  // namespace

std::string_view code_name(DiagCode code) { return kCodes[static_cast<std::size_t>(code)].name; }
Severity severity_of(DiagCode code) { return kCodes[static_cast<std::size_t>(code)].severity; }
std::string_view format_of(DiagCode code) { return kCodes[static_cast<std::size_t>(code)].format; }

std::string loop_copy_key(const Diagnostic& d) {
  return fmt::format("{}:{}:{}:{}", static_cast<int>(d.code), d.range.begin, d.range.end, d.message);
}

Diagnostic& DiagEngine::add(DiagCode code, SourceRange range, std::string message) {
  return add(Diagnostic{code, severity_of(code), range, std::move(message), {}});
}

Diagnostic& DiagEngine::add(Diagnostic diagnostic) {
  if (diagnostic.severity == Severity::error) {
    ++error_count_;
    // A copy of an error kept from another iteration of its loop is kept, to be folded into it.
    const std::string key =
        SourceManager::is_iteration(diagnostic.range.file) ? loop_copy_key(diagnostic) : std::string{};
    if (key.empty() || !loop_errors_.contains(key)) {
      if (counted_ == max_errors) {
        overflow_ = {};
        return overflow_;
      }
      ++counted_;
      if (!key.empty()) loop_errors_.insert(key);
    }
  }
  diagnostics_.push_back(std::move(diagnostic));
  return diagnostics_.back();
}

void DiagEngine::promote(DiagCode code) {
  for (Diagnostic& d : diagnostics_) {
    if (d.code != code || d.severity != Severity::warning) continue;
    d.severity = Severity::error;
    ++error_count_;
  }
}

std::size_t DiagEngine::warning_count() const {
  return static_cast<std::size_t>(std::count_if(diagnostics_.begin(), diagnostics_.end(),
                                                [](const Diagnostic& d) { return d.severity == Severity::warning; }));
}

std::vector<Diagnostic> DiagEngine::sorted() const {
  std::vector<Diagnostic> out = diagnostics_;
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.range.file.value, a.range.begin) < std::tie(b.range.file.value, b.range.begin);
  });
  return out;
}

}  // namespace graphc

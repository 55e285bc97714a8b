// graphc::Error: the one exception type of the runtime and the generated code.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/diagnostic_info.h"

namespace graphc {

/// Thrown for every failure at load, build, instantiate, update or launch time.
/// what() is the full rendered text: for a load that failed validation, every
/// diagnostic with its source line and caret; for a CUDA failure, the CUDA call, the
/// error name and string, and the node with its `file:line:col`.
class Error : public std::runtime_error {
 public:
  explicit Error(std::string message, std::string code = {}, std::vector<DiagnosticInfo> diagnostics = {})
      : std::runtime_error(std::move(message)), code_(std::move(code)), diagnostics_(std::move(diagnostics)) {}

  /// The diagnostic code of the first error ("E0102", "R0001", ...), empty if none applies.
  const std::string& code() const { return code_; }
  /// For a load that failed validation (Program::load, from_text, Instance::reload), every
  /// diagnostic it reported, errors and warnings, in the order what() renders them; empty
  /// for every other failure.
  const std::vector<DiagnosticInfo>& diagnostics() const { return diagnostics_; }

 private:
  std::string code_;
  std::vector<DiagnosticInfo> diagnostics_;
};

}  // namespace graphc

// graphc::Error: the one exception type of the runtime and the generated code.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace graphc {

/// Thrown for every failure at load, build, instantiate, update or launch time.
/// what() is the full rendered text: for a load that failed validation, every
/// diagnostic with its source line and caret; for a CUDA failure, the CUDA call, the
/// error name and string, and the node with its `file:line:col`.
class Error : public std::runtime_error {
 public:
  explicit Error(std::string message, std::string code = {})
      : std::runtime_error(std::move(message)), code_(std::move(code)) {}

  /// The diagnostic code of the first error ("E0102", "R0001", ...), empty if none applies.
  const std::string& code() const { return code_; }

 private:
  std::string code_;
};

}  // namespace graphc

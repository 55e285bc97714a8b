// Writing outputs safely: a temporary next to the target, then rename, and only when the
// content changed (so build systems do not rebuild what did not change).
#pragma once

#include <functional>

#include <string>

namespace graphc::driver {

/// Writes `content` to `path` atomically unless the file already holds exactly that.
/// Throws std::runtime_error naming the path on failure.
void write_if_changed(const std::string& path, const std::string& content);

/// Runs `write` (what makes the outputs, write_if_changed calls and the folders they need) and prints
/// "graphc: error: ..." for anything it throws; whether it succeeded.
bool write_outputs(const std::function<void()>& write);

/// Writes `content` to `path` as write_if_changed does, or to standard output when `path` is
/// empty (no -o given); whether it succeeded (a failure is printed as write_outputs does).
bool write_or_print(const std::string& path, const std::string& content);

}  // namespace graphc::driver

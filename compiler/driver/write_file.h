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

}  // namespace graphc::driver

#include "write_file.h"

#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace graphc::driver {

void write_if_changed(const std::string& path, const std::string& content) {
  {
    std::ifstream existing(path, std::ios::binary);
    if (existing) {
      std::ostringstream old;
      old << existing.rdbuf();
      if (old.str() == content) return;
    }
  }
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out.flush()) throw std::runtime_error(fmt::format("cannot write '{}'", temporary));
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw std::runtime_error(fmt::format("cannot write '{}': {}", path, error.message()));
}

bool write_outputs(const std::function<void()>& write) {
  try {
    write();
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "graphc: error: %s\n", e.what());
    return false;
  }
}

bool write_or_print(const std::string& path, const std::string& content) {
  if (!path.empty()) return write_outputs([&] { write_if_changed(path, content); });
  std::fputs(content.c_str(), stdout);
  return true;
}

}  // namespace graphc::driver

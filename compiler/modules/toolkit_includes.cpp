#include "modules/toolkit_includes.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "modules/nvrtc_library.h"

namespace graphc::modules {
namespace {

// `text` with every `$(name)` replaced by `value`.
std::string replace_all(std::string text, std::string_view name, const std::string& value) {
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + value.size())) {
    text.replace(at, name.size(), value);
  }
  return text;
}

// The words of a profile's value, quotes removed: `"-I$(TOP)/include" $(_SPACE_)` ->
// {-I$(TOP)/include, $(_SPACE_)}.
std::vector<std::string> option_words(std::string_view value) {
  std::vector<std::string> out;
  std::string word;
  bool quoted = false;
  for (const char c : value) {
    if (c == '"') {
      quoted = !quoted;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

// The machine's target folder, as nvcc names it.
std::string_view host_target_dir() {
#if defined(__aarch64__)
  return "targets/sbsa-linux";
#else
  return "targets/x86_64-linux";
#endif
}

// The toolkit root that holds the loaded libnvrtc (…/targets/<arch>/lib or …/lib64).
std::filesystem::path nvrtc_toolkit_root() {
  const NvrtcLibrary* nvrtc = NvrtcLibrary::get();
  if (nvrtc == nullptr) return {};
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(nvrtc->version), &info) == 0 || info.dli_fname == nullptr) return {};
  std::filesystem::path dir = std::filesystem::path(info.dli_fname).parent_path();  // lib or lib64
  dir = dir.parent_path();
  if (dir.parent_path().filename() == "targets") dir = dir.parent_path().parent_path();
  return dir;
}

}  // namespace

std::vector<std::filesystem::path> profile_includes(std::string_view profile, const std::filesystem::path& top,
                                                    std::string_view target_dir) {
  std::vector<std::filesystem::path> out;
  std::istringstream lines{std::string(profile)};
  for (std::string line; std::getline(lines, line);) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    const std::string_view rest = std::string_view(line).substr(first);
    if (!rest.starts_with("INCLUDES") && !rest.starts_with("SYSTEM_INCLUDES")) continue;
    const std::size_t equals = line.find('=');
    if (equals == std::string::npos) continue;
    std::string value = line.substr(equals + 1);
    value = replace_all(value, "$(TOP)", top.string());
    value = replace_all(value, "$(_HERE_)", (top / "bin").string());
    value = replace_all(value, "$(_TARGET_DIR_)", std::string(target_dir));
    const std::vector<std::string> list = option_words(value);
    for (std::size_t i = 0; i < list.size(); ++i) {
      if ((list[i] == "-I" || list[i] == "-isystem") && i + 1 < list.size()) {
        out.emplace_back(list[++i]);
      } else if (list[i].starts_with("-I") && list[i].size() > 2) {
        out.emplace_back(list[i].substr(2));
      }
    }
  }
  return out;
}

std::vector<std::string> toolkit_include_dirs() {
  std::vector<std::filesystem::path> roots;
  if (const char* cuda_path = std::getenv("CUDA_PATH"); cuda_path != nullptr && *cuda_path != '\0') {
    roots.emplace_back(cuda_path);
  }
  if (std::filesystem::path root = nvrtc_toolkit_root(); !root.empty()) roots.push_back(std::move(root));
  roots.emplace_back("/usr/local/cuda");
  std::vector<std::string> out;
  std::vector<std::filesystem::path> seen;
  const auto add = [&](const std::filesystem::path& dir) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(dir, ec);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) return;
    seen.push_back(canonical);
    out.push_back(dir.string());
  };
  for (const std::filesystem::path& root : roots) {
    std::ifstream profile(root / "bin" / "nvcc.profile");
    if (!profile) {
      add(root / "include");
      continue;
    }
    std::stringstream text;
    text << profile.rdbuf();
    for (const std::filesystem::path& dir : profile_includes(text.str(), root, host_target_dir())) add(dir);
  }
  return out;
}

}  // namespace graphc::modules

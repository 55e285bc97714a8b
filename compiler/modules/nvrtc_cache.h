// The on-disk cache of NVRTC output: a second load of the same .cu for the same device
// does not run NVRTC. An entry is keyed by everything that determines the output (source
// and local headers, options, architecture, NVRTC version, kernel name expressions); the
// file name is the stable hash of the key and the file records the whole key, so an entry
// is used only when its key matches byte for byte.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace graphc::modules {

/// What NVRTC produced for one module: the code image and the lowered (mangled) name of
/// each kernel name expression.
struct CompiledCode {
  std::string image;
  std::map<std::string, std::string, std::less<>> lowered_names;
  friend bool operator==(const CompiledCode&, const CompiledCode&) = default;
};

class NvrtcCache {
 public:
  /// $GRAPHC_CACHE_DIR, else $XDG_CACHE_HOME/graphc, else $HOME/.cache/graphc; empty when
  /// none of these variables is set (no caching).
  static std::filesystem::path default_directory();

  /// A cache in `directory` (created on the first store). An empty path caches nothing.
  explicit NvrtcCache(std::filesystem::path directory) : directory_(std::move(directory)) {}

  /// The entry for `key`, if one exists, is readable and records exactly `key`.
  std::optional<CompiledCode> find(const std::string& key) const;
  /// Writes the entry for `key` (to a temporary file, then renamed, so concurrent
  /// processes never read half an entry). Best effort: a cache that cannot be written
  /// only costs a recompile next time, so failures are ignored.
  void store(const std::string& key, const CompiledCode& code) const;
  /// The file that holds the entry for `key`.
  std::filesystem::path entry_path(const std::string& key) const;

 private:
  std::filesystem::path directory_;
};

}  // namespace graphc::modules

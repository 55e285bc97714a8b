#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "modules/nvrtc_cache.h"

namespace graphc::modules {
namespace {

std::filesystem::path fresh_directory() {
  std::string pattern = (std::filesystem::temp_directory_path() / "graphc-cache-XXXXXX").string();
  REQUIRE(mkdtemp(pattern.data()) != nullptr);
  return pattern;
}

TEST_CASE("NvrtcCache stores an entry and finds it by its exact key", "[modules]") {
  const std::filesystem::path dir = fresh_directory();
  const NvrtcCache cache(dir / "nested");
  CompiledCode code;
  code.image = std::string("\177ELF\0\n7\n binary", 15);
  code.lowered_names = {{"axpy<float>", "_Z4axpyIfEvT_"}, {"k", "k"}};

  CHECK_FALSE(cache.find("key one"));
  cache.store("key one", code);
  CHECK(cache.find("key one") == code);
  CHECK_FALSE(cache.find("key two"));

  // An entry found under another key's file name (a hash collision) is not used.
  std::filesystem::copy_file(cache.entry_path("key one"), cache.entry_path("key two"));
  CHECK_FALSE(cache.find("key two"));

  // A truncated entry is not used.
  std::filesystem::resize_file(cache.entry_path("key one"),
                               std::filesystem::file_size(cache.entry_path("key one")) - 1);
  CHECK_FALSE(cache.find("key one"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("NvrtcCache with no directory caches nothing", "[modules]") {
  const NvrtcCache cache{std::filesystem::path()};
  cache.store("key", CompiledCode{"image", {}});
  CHECK_FALSE(cache.find("key"));
}

TEST_CASE("NvrtcCache::default_directory: GRAPHC_CACHE_DIR, XDG_CACHE_HOME, HOME", "[modules]") {
  auto saved = [](const char* name) {
    return std::getenv(name) ? std::optional<std::string>(std::getenv(name)) : std::nullopt;
  };
  const auto graphc = saved("GRAPHC_CACHE_DIR");
  const auto xdg = saved("XDG_CACHE_HOME");
  const auto home = saved("HOME");

  setenv("GRAPHC_CACHE_DIR", "/a/graphc", 1);
  setenv("XDG_CACHE_HOME", "/b/xdg", 1);
  setenv("HOME", "/c/home", 1);
  CHECK(NvrtcCache::default_directory() == "/a/graphc");
  unsetenv("GRAPHC_CACHE_DIR");
  CHECK(NvrtcCache::default_directory() == "/b/xdg/graphc");
  unsetenv("XDG_CACHE_HOME");
  CHECK(NvrtcCache::default_directory() == "/c/home/.cache/graphc");
  unsetenv("HOME");
  CHECK(NvrtcCache::default_directory().empty());

  auto restore = [](const char* name, const std::optional<std::string>& value) {
    if (value) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  };
  restore("GRAPHC_CACHE_DIR", graphc);
  restore("XDG_CACHE_HOME", xdg);
  restore("HOME", home);
}

}  // namespace
}  // namespace graphc::modules

#include "modules/nvrtc_cache.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

#include "modules/stable_hash.h"

namespace graphc::modules {
namespace {

// Entry layout: a magic line, then length-prefixed fields ("<length>\n<bytes>"): the key,
// the number of name pairs, each name expression and its lowered name, and the image.
constexpr std::string_view kMagic = "graphc-nvrtc-cache 1\n";

void put_field(std::string& out, std::string_view field) {
  out += std::to_string(field.size());
  out += '\n';
  out += field;
}

// Reads fields back; any malformed input makes ok() false.
class FieldReader {
 public:
  explicit FieldReader(std::string_view data) : data_(data) {}

  std::optional<std::string_view> next() {
    const std::size_t newline = data_.find('\n', pos_);
    if (newline == std::string_view::npos) return std::nullopt;
    std::size_t length = 0;
    for (std::size_t i = pos_; i < newline; ++i) {
      const char c = data_[i];
      if (c < '0' || c > '9' || length > data_.size()) return std::nullopt;
      length = length * 10 + static_cast<std::size_t>(c - '0');
    }
    if (newline == pos_ || length > data_.size() - newline - 1) return std::nullopt;
    std::string_view field = data_.substr(newline + 1, length);
    pos_ = newline + 1 + length;
    return field;
  }
  bool at_end() const { return pos_ == data_.size(); }

 private:
  std::string_view data_;
  std::size_t pos_ = 0;
};

std::optional<std::size_t> parse_count(std::optional<std::string_view> field) {
  if (!field || field->empty() || field->size() > 9) return std::nullopt;
  std::size_t n = 0;
  for (const char c : *field) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  return n;
}

}  // namespace

std::filesystem::path NvrtcCache::default_directory() {
  if (const char* dir = std::getenv("GRAPHC_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "graphc";
  if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache" / "graphc";
  return {};
}

std::filesystem::path NvrtcCache::entry_path(const std::string& key) const {
  return directory_ / ("nvrtc-" + stable_hash_hex(key) + ".bin");
}

std::optional<CompiledCode> NvrtcCache::find(const std::string& key) const {
  if (directory_.empty()) return std::nullopt;
  std::ifstream in(entry_path(key), std::ios::binary);
  if (!in) return std::nullopt;
  const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!std::string_view(data).starts_with(kMagic)) return std::nullopt;
  FieldReader reader(std::string_view(data).substr(kMagic.size()));
  if (reader.next() != std::optional<std::string_view>(key)) return std::nullopt;
  const std::optional<std::size_t> count = parse_count(reader.next());
  if (!count) return std::nullopt;
  CompiledCode code;
  for (std::size_t i = 0; i < *count; ++i) {
    const auto expression = reader.next();
    const auto lowered = reader.next();
    if (!expression || !lowered) return std::nullopt;
    code.lowered_names.emplace(*expression, *lowered);
  }
  const auto image = reader.next();
  if (!image || !reader.at_end()) return std::nullopt;
  code.image = *image;
  return code;
}

void NvrtcCache::store(const std::string& key, const CompiledCode& code) const {
  if (directory_.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(directory_, ec);
  if (ec) return;
  std::string data(kMagic);
  put_field(data, key);
  put_field(data, std::to_string(code.lowered_names.size()));
  for (const auto& [expression, lowered] : code.lowered_names) {
    put_field(data, expression);
    put_field(data, lowered);
  }
  put_field(data, code.image);

  const std::filesystem::path final_path = entry_path(key);
  // Unique per process and per store, so concurrent writers never share a temporary.
  static std::atomic<unsigned> stores{0};
  std::filesystem::path temp = final_path;
  temp += fmt::format(".tmp{}.{}", ::getpid(), stores.fetch_add(1));
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    out.close();
    if (!out) {
      std::filesystem::remove(temp, ec);
      return;
    }
  }
  std::filesystem::rename(temp, final_path, ec);
  if (ec) std::filesystem::remove(temp, ec);
}

}  // namespace graphc::modules

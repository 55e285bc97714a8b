#include "modules/nvrtc_sources.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>

namespace graphc::modules {
namespace {

std::optional<std::string> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The name of a line's `#include "name"` (spaces and tabs around `#` and before the quote
// allowed), or empty. By hand rather than with std::regex: its locale machinery crashed
// inside a Python process that had imported NumPy first (a pybind11 module of graphc).
std::string_view quoted_include(std::string_view line) {
  const auto skip_blanks = [&](std::size_t at) {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    return at;
  };
  std::size_t at = skip_blanks(0);
  if (at == line.size() || line[at] != '#') return {};
  at = skip_blanks(at + 1);
  if (line.substr(at, 7) != "include") return {};
  at = skip_blanks(at + 7);
  if (at == line.size() || line[at] != '"') return {};
  const std::size_t close = line.find('"', at + 1);
  return close == std::string_view::npos || close == at + 1 ? std::string_view() : line.substr(at + 1, close - at - 1);
}

void add_local_headers(const std::filesystem::path& file, std::string_view text,
                       const std::filesystem::path& module_dir, std::set<std::filesystem::path>& seen,
                       std::string& out) {
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string name(quoted_include(text.substr(start, end - start)));
    start = end + 1;
    if (name.empty()) continue;
    for (const std::filesystem::path& dir : {file.parent_path(), module_dir}) {
      const std::filesystem::path candidate = dir / name;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(candidate, ec)) continue;
      const std::filesystem::path canonical = std::filesystem::weakly_canonical(candidate, ec);
      if (!seen.insert(ec ? candidate : canonical).second) break;
      const std::optional<std::string> contents = read_file(candidate);
      if (!contents) break;
      out += candidate.string() + "\n" + std::to_string(contents->size()) + "\n" + *contents;
      add_local_headers(candidate, *contents, module_dir, seen, out);
      break;
    }
  }
}

bool is_identifier_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_identifier_char(char c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }

// Calls `visit(identifier, offset)` for every identifier of `text` outside comments,
// string literals and character literals.
template <typename Visit>
void for_each_identifier(std::string_view text, Visit visit) {
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == std::string_view::npos) break;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      i = text.find("*/", i + 2);
      if (i == std::string_view::npos) break;
      i += 2;
    } else if (c == '"' || c == '\'') {
      ++i;
      while (i < text.size() && text[i] != c && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
      ++i;
    } else if (is_identifier_start(c)) {
      const std::size_t start = i;
      while (i < text.size() && is_identifier_char(text[i])) ++i;
      visit(text.substr(start, i - start), start);
    } else if (c >= '0' && c <= '9') {
      while (i < text.size() && is_identifier_char(text[i])) ++i;  // a number with a suffix, e.g. 1.0f
    } else {
      ++i;
    }
  }
}

std::string escape_for_line_directive(std::string_view path) {
  std::string out;
  for (const char c : path) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::optional<CuSource> read_cu_source(const std::filesystem::path& path) {
  std::optional<std::string> text = read_file(path);
  if (!text) return std::nullopt;
  CuSource source{std::move(*text), {}};
  std::set<std::filesystem::path> seen;
  add_local_headers(path, source.text, path.parent_path(), seen, source.local_headers);
  return source;
}

std::string with_prelude(std::string_view text, std::string_view path) {
  // cuda_device_runtime_api.h is an internal header: including it directly triggers a
  // #warning unless the including code says it is the toolkit (as cuda_runtime.h does).
  std::string out = "#define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__\n"
                    "#include <cuda_device_runtime_api.h>\n"
                    "#undef __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__\n";
  out += "#line 1 \"" + escape_for_line_directive(path) + "\"\n";
  out += text;
  return out;
}

std::string_view kernel_identifier(std::string_view name) {
  name = name.substr(0, name.find('<'));
  if (const std::size_t colons = name.rfind("::"); colons != std::string_view::npos) name = name.substr(colons + 2);
  while (!name.empty() && (name.front() == ' ' || name.front() == '\t')) name.remove_prefix(1);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
  return name;
}

std::vector<std::string> kernel_names_in(std::string_view text, const std::vector<std::string>& kernels) {
  std::set<std::string_view, std::less<>> ids;
  for_each_identifier(text, [&](std::string_view id, std::size_t) { ids.insert(id); });
  std::vector<std::string> out;
  for (const std::string& name : kernels) {
    if (ids.contains(kernel_identifier(name))) out.push_back(name);
  }
  return out;
}

std::optional<std::pair<std::uint32_t, std::uint32_t>> kernel_declaration(std::string_view text,
                                                                          std::string_view identifier) {
  std::optional<std::size_t> global;  // the last __global__ seen
  std::optional<std::pair<std::uint32_t, std::uint32_t>> found;
  for_each_identifier(text, [&](std::string_view id, std::size_t at) {
    if (found) return;
    if (id == "__global__") {
      global = at;
    } else if (id == identifier && global &&
               text.substr(*global, at - *global).find_first_of(";{}") == std::string_view::npos) {
      found = std::pair{static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at + id.size())};
    }
  });
  return found;
}

}  // namespace graphc::modules

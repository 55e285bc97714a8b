#include "load_imports.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

namespace graphc {
namespace {

namespace fs = std::filesystem;

// What identifies a file: its path made absolute and normal, symlinks resolved where the
// file exists.
std::string file_key(const std::string& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(fs::absolute(path), ec);
  return ec ? fs::path(path).lexically_normal().string() : canonical.string();
}

// One file being loaded: its key (file_key) and its path as resolved.
struct Loading {
  std::string key;
  std::string path;
};

class ImportLoader {
 public:
  ImportLoader(ir::Module& module, SourceManager& sources, DiagEngine& diags, const ParseFile& parse)
      : module_(module), sources_(sources), diags_(diags), parse_(parse) {}

  void load() {
    const Loading root{file_key(module_.path), module_.path};
    loaded_.push_back(root.key);
    visit(module_.imports, {root});
  }

 private:
  // The imports of the last file of `chain`, which holds the files being loaded, outermost first.
  void visit(const std::vector<ir::Import>& imports, const std::vector<Loading>& chain) {
    for (const ir::Import& import : imports) {
      const Loading next{file_key(import.resolved), import.resolved};
      const auto open = std::find_if(chain.begin(), chain.end(), [&](const Loading& l) { return l.key == next.key; });
      if (open != chain.end()) {
        std::string cycle;
        for (auto it = open; it != chain.end(); ++it) cycle += it->path + " -> ";
        diags_.report(DiagCode::import_cycle, import.range, cycle + next.path);
        continue;
      }
      if (std::find(loaded_.begin(), loaded_.end(), next.key) != loaded_.end()) continue;
      loaded_.push_back(next.key);
      const std::optional<FileId> file = read_source(sources_, next.path, diags_, import.range);
      if (!file) continue;
      ir::Module imported = parse_(*file);
      for (ir::Graph& graph : imported.graphs) {
        graph.imported = true;
        module_.graphs.push_back(std::move(graph));
      }
      for (ir::StructDecl& decl : imported.structs) {
        decl.imported = true;
        module_.structs.push_back(std::move(decl));
      }
      for (ir::ModuleDecl& decl : imported.modules) add_module(std::move(decl));
      std::vector<Loading> inner = chain;
      inner.push_back(next);
      visit(imported.imports, inner);
    }
  }

  void add_module(ir::ModuleDecl decl) {
    const std::string key = file_key(decl.resolved);
    const bool known = std::any_of(module_.modules.begin(), module_.modules.end(),
                                   [&](const ir::ModuleDecl& m) { return file_key(m.resolved) == key; });
    if (!known) module_.modules.push_back(std::move(decl));
  }

  ir::Module& module_;
  SourceManager& sources_;
  DiagEngine& diags_;
  const ParseFile& parse_;
  std::vector<std::string> loaded_;  // file keys, each file once
};

}  // namespace

std::optional<FileId> read_source(SourceManager& sources, const std::string& path, DiagEngine& diags, SourceRange at) {
  std::ostringstream text;
  if (path == "-") {  // standard input, as compilers read it: once, each later read (a variant) the same text
    static const std::string input = [] {
      std::ostringstream all;
      all << std::cin.rdbuf();
      return std::move(all).str();
    }();
    if (input.size() > kMaxGraphFileBytes) {
      diags.report(DiagCode::file_too_large, at, "<stdin>", input.size(), kMaxGraphFileBytes);
      return std::nullopt;
    }
    return sources.add("<stdin>", input);
  }
  std::string reason = unreadable_file(path);
  std::ifstream in;
  if (reason.empty()) {
    in.open(path, std::ios::binary);
    if (!in) reason = std::strerror(errno);  // "Permission denied"
  }
  if (!reason.empty()) {
    diags.report(DiagCode::cannot_read_file, at, path, reason);
    return std::nullopt;
  }
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (!ec && size > kMaxGraphFileBytes) {
    diags.report(DiagCode::file_too_large, at, path, size, kMaxGraphFileBytes);
    return std::nullopt;
  }
  if (ec) {  // not a regular file (a pipe): read it as a stream
    text << in.rdbuf();
    return sources.add(path, std::move(text).str());
  }
  // Read whole into its string, without a stream's growing buffer and copy; whatever a
  // writer added since file_size() comes after.
  std::string bytes(size, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  for (char c = 0; in.get(c);) bytes.push_back(c);
  return sources.add(path, std::move(bytes));
}

void load_imports(ir::Module& module, SourceManager& sources, DiagEngine& diags, const ParseFile& parse) {
  ImportLoader(module, sources, diags, parse).load();
}

}  // namespace graphc

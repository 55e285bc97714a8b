#include "compile.h"

#include <filesystem>

#include "frontend/text/parse_text.h"
#include "frontend/yaml/parse_yaml.h"
#include "load_imports.h"
#include "sema/analyze.h"

namespace graphc {
namespace {

void run(Compilation& c, FileId file, const CompileOptions& options) {
  const ParseFile parse = [&c](FileId f) {
    return is_yaml_path(c.sources.file(f).path()) ? frontend::parse_yaml(c.sources, f, c.diags)
                                             : frontend::parse_text(c.sources, f, c.diags);
  };
  c.module = parse(file);
  load_imports(c.module, c.sources, c.diags, parse);
  if (!c.diags.has_errors()) sema::analyze(c.module, c.sources, c.diags);
  if (c.diags.has_errors() || !options.optimize) return;
  c.implied_edges = opt::reduce_edges(c.module);
  c.joins = opt::join_roots(c.module);
  c.reorders = opt::order_creation(c.module);
}

}  // namespace

bool is_yaml_path(const std::string& path) {
  const std::string extension = std::filesystem::path(path).extension().string();
  return extension == ".yaml" || extension == ".yml";
}

std::unique_ptr<Compilation> compile_file(const std::string& path, const CompileOptions& options) {
  auto c = std::make_unique<Compilation>();
  const std::optional<FileId> file = read_source(c->sources, path, c->diags, SourceRange{});
  if (!file) {
    c->module.path = path;
    return c;
  }
  run(*c, *file, options);
  return c;
}

std::unique_ptr<Compilation> compile_text(const std::string& path, std::string text, const CompileOptions& options) {
  auto c = std::make_unique<Compilation>();
  run(*c, c->sources.add(path, std::move(text)), options);
  return c;
}

std::vector<std::string> files_read(const Compilation& c) {
  std::vector<std::string> files{c.module.path};
  for (std::uint32_t f = 1; f < c.sources.size(); ++f) files.push_back(c.sources.file(FileId{f}).path());
  for (const ir::ModuleDecl& m : c.module.modules) files.push_back(m.resolved);
  return files;
}

}  // namespace graphc

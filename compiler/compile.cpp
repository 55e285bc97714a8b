#include "compile.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/text/parse_text.h"
#include "sema/analyze.h"

namespace graphc {
namespace {

void run(Compilation& c, FileId file) {
  c.module = frontend::parse_text(c.sources, file, c.diags);
  if (!c.diags.has_errors()) sema::analyze(c.module, c.sources, c.diags);
}

}  // namespace

std::unique_ptr<Compilation> compile_file(const std::string& path) {
  auto c = std::make_unique<Compilation>();
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path)) {
    c->diags.report(DiagCode::cannot_read_file, SourceRange{}, path);
    c->module.path = path;
    return c;
  }
  std::ostringstream text;
  text << in.rdbuf();
  run(*c, c->sources.add(path, text.str()));
  return c;
}

std::unique_ptr<Compilation> compile_text(const std::string& path, std::string text) {
  auto c = std::make_unique<Compilation>();
  run(*c, c->sources.add(path, std::move(text)));
  return c;
}

}  // namespace graphc

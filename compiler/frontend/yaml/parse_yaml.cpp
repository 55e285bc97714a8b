#include "frontend/yaml/parse_yaml.h"

#include <filesystem>
#include <type_traits>

#include "frontend/text/builders.h"
#include "frontend/yaml/builders.h"
#include "frontend/yaml/yaml_reader.h"

namespace graphc::frontend {
namespace {

// `modules: [...]` and `imports: [...]`: paths as written and joined with the file's folder.
template <class Decl>
std::vector<Decl> paths(const yaml::YamlReader& r, const YAML::Node& list, std::string_view what,
                        const std::string& file_path) {
  std::vector<Decl> out;
  if (!list || !r.is_list(list, what)) return out;
  const std::filesystem::path folder = std::filesystem::path(file_path).parent_path();
  for (const YAML::Node& item : list) {
    const auto path = r.word(item, what);
    if (!path || !text::check_declared_path(r.diags(), r.range(item), *path, std::is_same_v<Decl, ir::ModuleDecl>)) {
      continue;
    }
    Decl decl;
    decl.path = *path;
    decl.resolved = (folder / decl.path).lexically_normal().string();
    decl.range = r.range(item);
    out.push_back(std::move(decl));
  }
  return out;
}

}  // namespace

ir::Module parse_yaml(SourceManager& sources, FileId file, DiagEngine& diags) {
  const SourceFile& source = sources.file(file);
  ir::Module module;
  module.path = source.path();
  YAML::Node root;
  try {
    root = YAML::Load(source.text());
  } catch (const YAML::Exception& e) {
    const auto at = static_cast<std::uint32_t>(e.mark.pos < 0 ? 0 : e.mark.pos);
    diags.report(DiagCode::yaml_syntax, SourceRange{file, at, at}, e.msg);
    return module;
  }
  text::LoopStack loops(diags, sources);
  yaml::YamlReader r(sources, file, diags, &loops.values());
  if (root.IsNull()) return module;  // an empty file: no graphs
  if (!r.is_map(root, "a graph file") || !r.check_keys(root, "a graph file", {"modules", "imports", "graphs"})) {
    return module;
  }
  module.modules = paths<ir::ModuleDecl>(r, root["modules"], "a module path", module.path);
  module.imports = paths<ir::Import>(r, root["imports"], "an import path", module.path);
  if (const YAML::Node graphs = root["graphs"]; graphs && r.is_map(graphs, "the graphs")) {
    for (const auto& entry : graphs) {
      if (auto graph = yaml::build_graph(r, loops, entry.first, entry.second)) module.graphs.push_back(std::move(*graph));
    }
  }
  return module;
}

}  // namespace graphc::frontend

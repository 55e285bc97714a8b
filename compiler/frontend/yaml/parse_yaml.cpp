#include "frontend/yaml/parse_yaml.h"

#include <filesystem>
#include <type_traits>

#include "frontend/text/builders.h"
#include "frontend/yaml/builders.h"
#include "frontend/yaml/yaml_reader.h"
#include "frontend/yaml/yaml_syntax_error.h"

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

// `structs: {SaxpyArgs: {x: "f32*", n: i32}}`: each struct's fields in order, a type with
// `*` for a pointer field.
std::vector<ir::StructDecl> structs(const yaml::YamlReader& r, const YAML::Node& map) {
  std::vector<ir::StructDecl> out;
  if (!map || !r.is_map(map, "the structs")) return out;
  for (const auto& entry : map) {
    const auto name = r.function(entry.first, "the name of a struct");
    if (!name) continue;
    ir::StructDecl& decl = out.emplace_back();
    decl.name = *name;
    decl.name_range = r.range(entry.first);
    decl.range = decl.name_range;
    if (entry.second.IsNull()) continue;  // no fields: E0236
    const std::string what = "the fields of struct '" + decl.name + "'";
    if (!r.is_map(entry.second, what)) continue;
    for (const auto& f : entry.second) {
      const auto field_name = r.name(f.first, "the name of a field");
      auto type = r.word(f.second, "the type of a field");
      if (!field_name || !type) continue;
      ir::StructField& field = decl.fields.emplace_back();
      field.name = *field_name;
      field.name_range = r.range(f.first);
      field.range = field.name_range;
      field.pointer = type->ends_with('*');
      if (field.pointer) type->pop_back();
      field.type = text::check_type(r.diags(), r.range(f.second), *type).value_or(ir::ScalarType::f32);
    }
  }
  return out;
}

}  // namespace

ir::Module parse_yaml(SourceManager& sources, FileId file, DiagEngine& diags, const ir::ConstDefines& defines) {
  const SourceFile& source = sources.file(file);
  ir::Module module;
  module.path = source.path();
  YAML::Node root;
  try {
    root = YAML::Load(source.text());
  } catch (const YAML::Exception& e) {
    yaml::report_yaml_syntax_error(source, file, e, diags);
    return module;
  }
  text::LoopStack loops(diags, sources);
  yaml::YamlReader r(sources, file, diags, &loops.values(), &defines);
  if (root.IsNull()) return module;  // an empty file: no graphs
  if (!r.is_map(root, "a graph file") ||
      !r.check_keys(root, "a graph file", {"modules", "imports", "structs", "graphs"})) {
    return module;
  }
  module.modules = paths<ir::ModuleDecl>(r, root["modules"], "a module path", module.path);
  module.imports = paths<ir::Import>(r, root["imports"], "an import path", module.path);
  module.structs = structs(r, root["structs"]);
  if (const YAML::Node graphs = root["graphs"]; graphs && r.is_map(graphs, "the graphs")) {
    for (const auto& entry : graphs) {
      if (auto graph = yaml::build_graph(r, loops, entry.first, entry.second))
        module.graphs.push_back(std::move(*graph));
    }
  }
  return module;
}

}  // namespace graphc::frontend

// graphc convert IN [-o OUT]: the same graphs in the other form, text (.graph) <-> YAML
// (.yaml, .yml); OUT's extension says which. Without -o, the other form of IN goes to
// standard output. OUT in another folder than IN names IN's modules and imports from there.
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>

#include <CLI/CLI.hpp>

#include "backend/text/emit_text.h"
#include "backend/yaml/emit_yaml.h"
#include "commands.h"
#include "compile.h"
#include "report.h"
#include "write_file.h"

namespace graphc::driver {
namespace {

namespace fs = std::filesystem;

// The folder a file's relative module and import paths start from.
fs::path folder_of(const std::string& file) {
  const fs::path parent = fs::path(file).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

// Whether two folders are one (symlinks resolved, as the system opens files).
bool same_folder(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  const fs::path canonical_a = fs::weakly_canonical(a, ec);
  if (ec) return false;
  const fs::path canonical_b = fs::weakly_canonical(b, ec);
  return !ec && canonical_a == canonical_b;
}

// The module and import paths of `input` as a file in `folder` must write them to name the
// same files: a relative path becomes relative to `folder` (or absolute, where no relative
// path leads there); an absolute one stays as written.
void relocate_paths(ir::Module& module, FileId input, const fs::path& folder) {
  const auto relocated = [&](const std::string& written, const std::string& resolved) {
    if (fs::path(written).is_absolute()) return written;
    std::error_code ec;
    const fs::path relative = fs::relative(resolved, folder, ec);
    if (ec || relative.empty()) return fs::absolute(resolved).lexically_normal().generic_string();
    return relative.generic_string();
  };
  for (ir::ModuleDecl& m : module.modules) {
    if (m.range.file == input) m.path = relocated(m.path, m.resolved);
  }
  for (ir::Import& i : module.imports) i.path = relocated(i.path, i.resolved);
}

}  // namespace

void add_convert(CLI::App& app, int& status) {
  struct Options {
    std::string input;
    std::string output;
    // Unoptimised: the other form must say everything this one says, implied edges included.
    CompileOptions compile{.optimize = false, .check_modules = false};
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("convert", "Write a graph file in the other form: text (.graph) or YAML (.yaml)");
  cmd->add_option("FILE", options->input, "the .graph, .yaml or .yml file (- reads .graph text from standard input)")
      ->required();
  cmd->add_option("-o,--output", options->output,
                  "the file to write; its extension picks the form (default: the other form, to standard output)");
  add_world_size_option(*cmd, options->compile);  // the file is checked as it is converted
  cmd->callback([options, &status] {
    auto compilation = compile_and_report(options->input, options->compile);
    if (!compilation->ok()) {
      status = exit_diagnostics;
      return;
    }
    // The input is the first file read; imported files keep their own form.
    const FileId input{0};
    // Written elsewhere, the file must still find the modules and imports this one names
    // (standard input's are relative to the current folder, as "-" is).
    if (!options->output.empty() && !same_folder(folder_of(options->input), folder_of(options->output))) {
      relocate_paths(compilation->module, input, folder_of(options->output));
    }
    const bool to_yaml = options->output.empty() ? !is_yaml_path(options->input) : is_yaml_path(options->output);
    const std::string text =
        to_yaml ? backend::emit_yaml(compilation->module, input) : backend::emit_text(compilation->module, input);
    if (!write_or_print(options->output, text)) {
      status = exit_diagnostics;
      return;
    }
    status = exit_ok;
  });
}

}  // namespace graphc::driver

// graphc convert IN [-o OUT]: the same graphs in the other form, text (.graph) <-> YAML
// (.yaml, .yml); OUT's extension says which. Without -o, the other form of IN goes to
// standard output.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "backend/text/emit_text.h"
#include "backend/yaml/emit_yaml.h"
#include "commands.h"
#include "compile.h"
#include "report.h"
#include "write_file.h"

namespace graphc::driver {

void add_convert(CLI::App& app, int& status) {
  struct Options {
    std::string input;
    std::string output;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("convert", "Write a graph file in the other form: text (.graph) or YAML (.yaml)");
  cmd->add_option("FILE", options->input, "the .graph, .yaml or .yml file (- reads .graph text from standard input)")
      ->required();
  cmd->add_option("-o,--output", options->output,
                  "the file to write; its extension picks the form (default: the other form, to standard output)");
  cmd->callback([options, &status] {
    // Unoptimised: the other form must say everything this one says, implied edges included.
    auto compilation = compile_and_report(options->input, CompileOptions{.optimize = false});
    if (!compilation->ok()) {
      status = exit_diagnostics;
      return;
    }
    // The input is the first file read; imported files keep their own form.
    const FileId input{0};
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

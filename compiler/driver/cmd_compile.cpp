// graphc compile FILE -o DIR [--depfile FILE]: generate NAME.graph.h and NAME.graph.cu.
// Writes nothing when the input has errors. A file with a variant dimension gives every
// variant's graphs and their Variants classes, unless --variant (or a define) picks one.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/cpp_support.h"
#include "backend/cpp/emit_cpp.h"
#include "commands.h"
#include "report.h"
#include "write_file.h"

namespace graphc::driver {
namespace {

// Make-style depfile: the generated header depends on every file read.
std::string depfile_text(const std::string& target, const Compilation& c) {
  return fmt::format("{}: {}\n", target, fmt::join(files_read(c), " \\\n  "));
}

// Every variant of `c`'s file compiled, when it has a variant dimension and `options` pick
// no value of it: then the C++ holds them all (emit_cpp_variants), `c` (the largest, taken
// over) last. None when one variant is written: the file has no dimension, or `options` pick
// a value. Empty when a variant fails (its diagnostics reported).
std::optional<std::vector<std::unique_ptr<Compilation>>> all_variants(
    std::unique_ptr<Compilation>& c, const std::string& path, const CompileOptions& options) {
  if (!c->variant || options.variant || options.defines.contains(c->variant->name)) return std::nullopt;
  std::vector<std::unique_ptr<Compilation>> out = compile_variants(path, options, std::move(c));
  for (const std::unique_ptr<Compilation>& variant : out) {
    if (!variant->ok()) {
      report(variant->sources, variant->diags);
      return std::vector<std::unique_ptr<Compilation>>{};
    }
  }
  return out;
}

}  // namespace

void add_compile(CLI::App& app, int& status) {
  struct Options {
    std::string file;
    std::string output_dir = ".";
    std::string depfile;
    backend::CppOptions cpp;
    CompileOptions compile;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("compile", "Generate C++ (NAME.graph.h, NAME.graph.cu) that builds the graphs");
  cmd->add_option("FILE", options->file, "the .graph file (- reads standard input)")->required();
  cmd->add_option("-o,--output", options->output_dir, "output folder (created if missing)");
  cmd->add_option("--depfile", options->depfile, "also write a Make-style depfile of every file read");
  cmd->add_flag_callback(
      "--no-line-directives", [options] { options->cpp.line_directives = false; },
      "leave out the #line directives that point at the .graph file");
  add_compile_options(*cmd, options->compile);
  add_tuning_option(*cmd, options->compile);
  cmd->callback([options, &status] {
    options->cpp.tune_matmuls = options->compile.tune_matmuls;
    auto compilation = compile_and_report(options->file, options->compile);
    if (!compilation->ok()) {
      status = exit_diagnostics;
      return;
    }
    DiagEngine unsupported;
    if (!backend::check_cpp_support(compilation->module, unsupported)) {
      report(compilation->sources, unsupported);
      status = exit_diagnostics;
      return;
    }
    const std::optional<std::vector<std::unique_ptr<Compilation>>> variants =
        all_variants(compilation, options->file, options->compile);
    if (variants && variants->empty()) {
      status = exit_diagnostics;
      return;
    }
    const Compilation& largest = variants ? *variants->back() : *compilation;  // the one reported above
    // The C++ back end refuses what C++ cannot spell (two names that become one member).
    const bool written = write_outputs([&] {
      // Standard input (-) gives stdin.graph.h and stdin.graph.cu.
      const std::string input = options->file == "-" ? "stdin" : options->file;
      std::vector<backend::CppVariant> each;
      if (variants) {
        for (const std::unique_ptr<Compilation>& v : *variants)
          each.push_back({v->variant->value, &v->module, &v->sources});
      }
      const backend::CppFiles files =
          each.empty() ? backend::emit_cpp(largest.module, largest.sources, input, options->cpp)
                       : backend::emit_cpp_variants(largest.variant->name, each, input, options->cpp);
      std::filesystem::create_directories(options->output_dir);
      const std::filesystem::path dir(options->output_dir);
      write_if_changed((dir / files.header_name).string(), files.header);
      write_if_changed((dir / files.source_name).string(), files.source);
      if (!options->depfile.empty()) {
        write_if_changed(options->depfile, depfile_text((dir / files.header_name).string(), largest));
      }
    });
    if (!written) {
      status = exit_diagnostics;
      return;
    }
    status = exit_ok;
  });
}

}  // namespace graphc::driver

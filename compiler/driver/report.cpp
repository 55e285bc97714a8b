#include "report.h"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <system_error>
#include <unistd.h>

#include <fmt/format.h>

#include "diag/render.h"
#include "diag/spellcheck.h"

namespace graphc::driver {

void report(const SourceManager& sources, const DiagEngine& diags) {
  const RenderOptions options{.color = ::isatty(STDERR_FILENO) == 1};
  std::fputs(render_all(sources, diags.sorted(), options).c_str(), stderr);
}

std::unique_ptr<Compilation> compile_and_report(const std::string& path, const CompileOptions& options) {
  auto compilation = compile_file(path, options);
  report(compilation->sources, compilation->diags);
  return compilation;
}

void add_compile_options(CLI::App& cmd, CompileOptions& options) {
  cmd.add_option_function<int>(
         "-O", [&options](int level) { options.optimize = level > 0; },
         "optimisation level: 1 (default) leaves out the edges other paths imply, 0 keeps every edge")
      ->check(CLI::Range(0, 1));
  // A flag, so that a bare --Werror takes no value and a file after it stays a file; CLI11
  // gives a flag "true", and --Werror=race "race".
  const CLI::callback_t werror = [&options](const CLI::results_t& kinds) {
    for (const std::string& kind : kinds) {
      if (kind == "race") {
        options.races_are_errors = true;
      } else if (kind == "true") {
        options.warnings_are_errors = true;
      } else {
        throw CLI::ValidationError("--Werror", fmt::format("unknown warning kind '{}' (expected race)", kind));
      }
    }
    return true;
  };
  cmd.add_option("--Werror", werror,
                 "make every warning an error; --Werror=race only data races (W0303 and W0305); also "
                 "written -Werror and -Werror=race")
      ->expected(0)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd.add_flag_function(
      "--Wno-possible-race", [&options](std::int64_t) { options.possible_races = false; },
      "leave out the races that are only possible (W0305: a kernel assumed to reach the end of its buffer); "
      "also written -Wno-possible-race");
  add_world_size_option(cmd, options);
  add_define_option(cmd, options);
  add_variant_option(cmd, options);
  add_topology_option(cmd, options);
}

void add_tuning_option(CLI::App& cmd, CompileOptions& options) {
  cmd.add_flag_function(
      "--tune-matmuls", [&options](std::int64_t) { options.tune_matmuls = true; },
      "choose each cuBLASLt matmul's algorithm by timing the heuristic's candidates on the GPU when the graph is "
      "built (compile writes that into the generated code), not by taking the heuristic's first");
}

void add_topology_option(CLI::App& cmd, CompileOptions& options) {
  const CLI::callback_t topology = [&options](const CLI::results_t& values) {
    const std::string& path = values.front();
    std::ifstream file(path);
    if (!file) throw CLI::ValidationError("--topology", fmt::format("cannot read '{}'", path));
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    auto parsed = ir::parse_device_topology(text);
    if (const auto* error = std::get_if<std::string>(&parsed)) {
      throw CLI::ValidationError("--topology", fmt::format("'{}', {}", path, *error));
    }
    options.topology = std::get<ir::DeviceTopology>(std::move(parsed));
    options.topology_file = path;
    return true;
  };
  cmd.add_option("--topology", topology,
                 "check device placements against the machine FILE describes, as `graphc topology` writes it there")
      ->type_name("FILE");
}

void add_world_size_option(CLI::App& cmd, CompileOptions& options) {
  const CLI::callback_t world_size = [&options](const CLI::results_t& values) {
    for (const std::string& value : values) {
      const std::size_t equals = value.find('=');
      const std::string count = equals == std::string::npos ? value : value.substr(equals + 1);
      int ranks = 0;
      const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), ranks);
      if (error != std::errc() || end != count.data() + count.size() || ranks < 1 || count.empty()) {
        throw CLI::ValidationError("--world-size", fmt::format("'{}' is not N or NAME=N with N a number of ranks, "
                                                               "1 or more",
                                                               value));
      }
      if (equals == std::string::npos) {
        options.world_size = ranks;
      } else {
        options.world_sizes[value.substr(0, equals)] = ranks;
      }
    }
    return true;
  };
  cmd.add_option("--world-size", world_size,
                 "the number of ranks of every communicator (N) or of one (NAME=N): world_size(NAME) in the graph "
                 "(repeatable)")
      ->type_name("N|NAME=N")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

void add_define_option(CLI::App& cmd, CompileOptions& options) {
  const CLI::callback_t define = [&options](const CLI::results_t& values) {
    for (const std::string& value : values) {
      const std::size_t equals = value.find('=');
      if (equals == std::string::npos || equals == 0) {
        throw CLI::ValidationError("--define", fmt::format("'{}' is not NAME=VALUE", value));
      }
      options.defines[value.substr(0, equals)] = value.substr(equals + 1);
    }
    return true;
  };
  cmd.add_option("-D,--define", define,
                 "give const NAME the value VALUE, a number literal, in every graph that declares it (repeatable)")
      ->type_name("NAME=VALUE")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

void add_variant_option(CLI::App& cmd, CompileOptions& options) {
  cmd.add_option_function<std::string>(
         "--variant", [&options](const std::string& value) { options.variant = value; },
         "the value of the file's variant dimension (`variant B in {1, 2, 4};`) to build for; the largest unless "
         "given")
      ->type_name("VALUE");
  cmd.add_option_function<std::string>(
         "--variants",
         [&options](const std::string& given) {
           const std::size_t equals = given.find('=');
           if (equals == std::string::npos || equals == 0 || equals + 1 == given.size()) {
             throw CLI::ValidationError("--variants", fmt::format("'{}' is not NAME=V1,V2,...", given));
           }
           CompileOptions::Variants variants{given.substr(0, equals), {}};
           std::string_view rest = std::string_view(given).substr(equals + 1);
           for (std::size_t comma = rest.find(',');; comma = rest.find(',')) {
             variants.values.emplace_back(rest.substr(0, comma));
             if (comma == std::string_view::npos) break;
             rest.remove_prefix(comma + 1);
           }
           options.variants = std::move(variants);
         },
         "make const NAME the file's variant dimension over V1,V2,... (as `variant NAME in {V1, V2};` would)")
      ->type_name("NAME=V1,V2,...");
}

std::string render_variants(const std::vector<std::unique_ptr<Compilation>>& variants, RenderOptions options) {
  const Compilation& largest = *variants.back();
  if (variants.size() == 1 || !largest.variant) return render_all(largest.sources, largest.diags.sorted(), options);
  // Each diagnostic once, by its text, with the values of the variants that report it.
  struct Reported {
    std::string text;
    Severity severity;
    std::vector<std::int64_t> values;
  };
  std::vector<Reported> reported;
  std::map<std::string, std::size_t, std::less<>> index;
  for (const std::unique_ptr<Compilation>& c : variants) {
    const std::vector<Diagnostic> sorted = c->diags.sorted();
    for (const RenderedDiagnostic& r : render_each(c->sources, sorted, options)) {
      const auto [at, fresh] = index.emplace(r.text, reported.size());
      if (fresh) reported.push_back({r.text, r.diagnostic->severity, {}});
      reported[at->second].values.push_back(c->variant ? c->variant->value : 0);
    }
  }
  std::string out;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  for (const Reported& r : reported) {
    out += r.text;
    if (r.values.size() < variants.size()) {
      out += render_note(largest.variant->in_variants(r.values), options);
    }
    (r.severity == Severity::error ? errors : warnings) += 1;
  }
  return out + summary_line(errors, warnings);
}

std::string suggestion(const std::string& name, const std::vector<std::string>& candidates) {
  if (const auto closest = closest_name(name, candidates)) return fmt::format("did you mean '{}'?", *closest);
  return fmt::format("expected one of: {}", fmt::join(candidates, ", "));
}

std::vector<std::string> gcc_style_arguments(int argc, char** argv) {
  std::vector<std::string> out;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-Werror" || arg.starts_with("-Werror=") || arg.starts_with("-Wno-")) arg.insert(0, "-");
    out.push_back(std::move(arg));
  }
  return out;
}

}  // namespace graphc::driver

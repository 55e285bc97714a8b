#include "compile.h"

#include <cctype>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "frontend/text/literal.h"
#include "frontend/text/parse_text.h"
#include "frontend/yaml/parse_yaml.h"
#include "load_imports.h"
#include "modules/module_kernels.h"
#include "sema/analyze.h"
#include "sema/arithmetic.h"
#include "sema/check_kernel_signatures.h"
#include "sema/check_races.h"
#include "sema/check_struct_layouts.h"
#include "sema/check_topology.h"

namespace graphc {
namespace {

// Every module file is a regular file that can be read (E0019 at its declaration), so a
// misspelt path fails `graphc check`, not the first instantiation. compile_text leaves this
// to the runtime (R0006): text compiled in memory may name modules that exist only where it
// runs.
void check_module_files(Compilation& c) {
  for (const ir::ModuleDecl& m : c.module.modules) {
    const std::string why = unreadable_file(m.resolved);
    if (why.empty()) continue;
    Diagnostic& d = c.diags.report(DiagCode::module_unreadable, m.range, m.path, why);
    if (m.resolved != m.path) {
      d.note<NoteCode::read_as>(SourceRange{}, m.path, m.resolved);
    }
    // A misspelt name: the closest file of the same folder.
    const std::filesystem::path file(m.resolved);
    const std::filesystem::path folder = file.has_parent_path() ? file.parent_path() : ".";
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
      if (entry.is_regular_file(ec)) names.push_back(entry.path().filename().string());
    }
    if (const auto guess = closest_name(file.filename().string(), names)) {
      d.note<NoteCode::did_you_mean>(SourceRange{}, std::filesystem::path(m.path).replace_filename(*guess).string());
    }
  }
}

// Makes every warning reported so far an error (`-Werror`), each keeping its code.
void promote_warnings(DiagEngine& diags) {
  std::vector<DiagCode> warned;
  for (const Diagnostic& d : diags.diagnostics()) {
    if (d.severity == Severity::warning) warned.push_back(d.code);
  }
  for (const DiagCode code : warned) diags.promote(code);
}

using Names = std::set<std::string, std::less<>>;

// `code` (E1110, E0121) for each name of `given` (a command line's NAME=VALUE options) that
// no graph of `module` declares (`declared`), with the closest declared name.
template <class Given>
void report_undeclared(const Given& given, const Names& declared, DiagCode code, const ir::Module& module,
                       DiagEngine& diags) {
  const std::vector<std::string> names(declared.begin(), declared.end());
  for (const auto& entry : given) {
    const std::string& name = entry.first;
    if (declared.contains(name)) continue;
    const std::optional<std::string> close = closest_name(name, names);
    diags.report(code, SourceRange{}, name, module.path,
                 close ? fmt::format("; did you mean '{}'?", *close) : std::string());
  }
}

// The communicator of `graph` that a call argument names, as written (before resolution);
// null for any other argument.
ir::Comm* named_comm(ir::Graph& graph, const ir::KernelArg& arg) {
  if (arg.expr.kind != ir::Expr::Kind::name) return nullptr;
  for (ir::Comm& comm : graph.comms) {
    if (comm.name == arg.expr.name) return &comm;
  }
  return nullptr;
}

// A `comm` parameter that no size names takes the size of the communicator a call passes it
// (the first call's: another call's of another size is E0910), through any depth of calls.
void size_comm_parameters(ir::Module& module) {
  for (bool changed = true; changed;) {
    changed = false;
    for (ir::Graph& caller : module.graphs) {
      for (const ir::Node& node : caller.nodes) {
        const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
        const std::optional<ir::GraphId> id = call != nullptr ? module.find_graph(call->graph) : std::nullopt;
        if (!id) continue;
        ir::Graph& callee = module.graphs[id->value];
        for (std::size_t i = 0; i < callee.parameters.size() && i < call->args.size(); ++i) {
          if (callee.parameters[i].kind != ir::Parameter::Kind::comm) continue;
          ir::Comm& parameter = callee.comms[callee.parameters[i].comm.value];
          const ir::Comm* given = named_comm(caller, call->args[i]);
          if (parameter.world_size != 0 || given == nullptr || given->world_size == 0) continue;
          parameter.world_size = given->world_size;
          changed = true;
        }
      }
    }
  }
}

// Gives each communicator of the module the number of ranks `options` names for it
// (ir::Comm::world_size), and each `comm` parameter left unsized that of what its calls pass;
// E1110 for a name that no graph declares.
void apply_world_sizes(ir::Module& module, const CompileOptions& options, DiagEngine& diags) {
  Names declared;
  for (ir::Graph& graph : module.graphs) {
    for (ir::Comm& comm : graph.comms) {
      const auto named = options.world_sizes.find(comm.name);
      comm.world_size = named != options.world_sizes.end() ? named->second : options.world_size;
      declared.insert(comm.name);
    }
  }
  report_undeclared(options.world_sizes, declared, DiagCode::world_size_unknown_comm, module, diags);
  size_comm_parameters(module);
}

// The consts `options` defines, each value read as a number literal with an optional sign
// (E0122 otherwise).
ir::ConstDefines read_defines(const CompileOptions& options, DiagEngine& diags) {
  ir::ConstDefines out;
  for (const auto& [name, value] : options.defines) {
    const bool negative = value.starts_with('-');
    const std::string_view digits = std::string_view(value).substr(negative ? 1 : 0);
    if (digits.empty() || !(std::isdigit(static_cast<unsigned char>(digits.front())) != 0 || digits.front() == '.')) {
      diags.report(DiagCode::define_value, SourceRange{}, name, value, "not a number");
      continue;
    }
    const auto literal = frontend::text::parse_literal(digits);
    if (const auto* error = std::get_if<frontend::text::LiteralError>(&literal)) {
      diags.report(DiagCode::define_value, SourceRange{}, name, value, error->reason);
      continue;
    }
    ir::Scalar scalar = std::get<ir::Scalar>(literal);
    if (negative) {
      const sema::ArithResult negated = sema::negate(scalar);
      if (negated.error != sema::ArithError::none) {
        diags.report(DiagCode::define_value, SourceRange{}, name, value, "it overflows its type");
        continue;
      }
      scalar = negated.value;
    }
    out.emplace(name, scalar);
  }
  return out;
}

// E0121 for each define that names no const of the module.
void check_defines_used(const ir::Module& module, const ir::ConstDefines& defines, DiagEngine& diags) {
  Names declared;
  for (const ir::Graph& graph : module.graphs) {
    for (const ir::Const& c : graph.consts) declared.insert(c.name);
  }
  report_undeclared(defines, declared, DiagCode::define_unknown_const, module, diags);
}

// Gives the first const called `options.variants->name` the values `options` list, as a
// `variant` declaration would (E0127 for a name no graph declares as a const, a value that is
// no number literal, or a file with a variant dimension of its own).
void apply_variants_option(ir::Module& module, const CompileOptions& options, DiagEngine& diags) {
  if (!options.variants) return;
  const CompileOptions::Variants& given = *options.variants;
  const std::string what = fmt::format("{}={}", given.name, fmt::join(given.values, ","));
  ir::Const* carrier = nullptr;
  for (ir::Graph& graph : module.graphs) {
    for (ir::Const& c : graph.consts) {
      if (!c.variants.empty()) {
        diags.report(DiagCode::variants_option, SourceRange{}, what,
                     fmt::format("'{}' declares variant dimension '{}' of its own", module.path, c.name));
        return;
      }
      if (carrier == nullptr && c.name == given.name) carrier = &c;
    }
  }
  if (carrier == nullptr) {
    diags.report(DiagCode::variants_option, SourceRange{}, what,
                 fmt::format("no graph of '{}' declares const '{}'", module.path, given.name));
    return;
  }
  std::vector<ir::Expr> values;
  for (const std::string& text : given.values) {
    const auto literal = frontend::text::parse_literal(text);
    if (text.empty() || std::isdigit(static_cast<unsigned char>(text.front())) == 0 ||
        std::holds_alternative<frontend::text::LiteralError>(literal)) {
      diags.report(DiagCode::variants_option, SourceRange{}, what, fmt::format("'{}' is no number literal", text));
      return;
    }
    ir::Expr e;
    e.kind = ir::Expr::Kind::literal;
    e.literal = std::get<ir::Scalar>(literal);
    e.range = carrier->value.range;
    values.push_back(std::move(e));
  }
  carrier->variants = std::move(values);
}

// The options to compile `c`'s file with again, for the value of its variant dimension that
// `options` pick (`variant`) or, when they define none, its largest; none when `c` is
// compiled for the value they pick.
std::optional<CompileOptions> options_for_variant(const Compilation& c, const CompileOptions& options) {
  if (!c.variant) return std::nullopt;
  const std::string value = options.variant ? *options.variant : std::to_string(c.variant->values.back());
  const auto defined = options.defines.find(c.variant->name);
  if (defined != options.defines.end() && (defined->second == value || !options.variant)) return std::nullopt;
  CompileOptions again = options;
  again.defines[c.variant->name] = value;
  return again;
}

// Finds the variant dimension of `c`'s module (E0124, E0125) and checks the value compiled for
// (E0123), or that there is one when `options` pick a value (E0126). The options to compile
// with again where the value is not yet defined.
std::optional<CompileOptions> settle_variant(Compilation& c, const CompileOptions& options) {
  apply_variants_option(c.module, options, c.diags);
  c.variant = find_variant_dimension(c.module, c.diags);
  if (!c.variant) {
    if (options.variant) c.diags.report(DiagCode::no_variant_dimension, SourceRange{}, *options.variant, c.module.path);
    return std::nullopt;
  }
  std::optional<CompileOptions> again = options_for_variant(c, options);
  if (again) return again;
  const std::string how =
      options.variant ? fmt::format("--variant {}", *options.variant)
                      : fmt::format("--define {}={}", c.variant->name, options.defines.find(c.variant->name)->second);
  check_variant_value(*c.variant, how, c.diags);
  return std::nullopt;
}

// Parses `file` and what it imports, validates it (and, for a file on disk, its module
// files), and optimises a valid module. Stops after parsing where the file's variant
// dimension has no value defined: the options to compile it with again.
std::optional<CompileOptions> run(Compilation& c, FileId file, const CompileOptions& options, bool module_files) {
  const ir::ConstDefines defines = read_defines(options, c.diags);
  const ParseFile parse = [&c, &defines](FileId f) {
    return is_yaml_path(c.sources.file(f).path()) ? frontend::parse_yaml(c.sources, f, c.diags, defines)
                                                  : frontend::parse_text(c.sources, f, c.diags, defines);
  };
  c.module = parse(file);
  load_imports(c.module, c.sources, c.diags, parse);
  check_defines_used(c.module, defines, c.diags);
  c.graph_files = static_cast<std::uint32_t>(c.sources.size());
  if (std::optional<CompileOptions> again = settle_variant(c, options)) return again;
  apply_world_sizes(c.module, options, c.diags);
  if (!c.diags.has_errors()) sema::analyze(c.module, c.sources, c.diags);
  if (!c.diags.has_errors() && options.topology) {
    sema::check_topology(c.module, *options.topology, options.topology_file, c.diags);
  }
  module_files = module_files && options.check_modules;
  if (module_files) check_module_files(c);
  if (module_files && !c.diags.has_errors()) {
    c.module_kernels =
        modules::read_module_kernels(c.module, modules::NvrtcCache(modules::NvrtcCache::default_directory()));
    sema::check_kernel_signatures(c.module, c.module_kernels, c.sources, c.diags);
    sema::check_struct_layouts(c.module, c.module_kernels, c.diags);
  }
  if (!c.diags.has_errors() && options.check_modules) {
    sema::check_races(c.module, sema::KernelInfo{&c.module, &c.module_kernels}, c.diags, options.possible_races);
    if (options.races_are_errors) {
      c.diags.promote(DiagCode::data_race);
      c.diags.promote(DiagCode::possible_race);
    }
  }
  if (options.warnings_are_errors) promote_warnings(c.diags);
  if (c.diags.has_errors() || !options.optimize) return std::nullopt;
  c.implied_edges = opt::reduce_edges(c.module);
  if (!c.module_kernels.empty()) {  // the modules' PTX was read: graphc sees which kernels wait
    c.programmatic = opt::programmatic_launch(c.module, [&c](const ir::KernelNode& kernel) {
      const std::optional<sema::FoundKernel> found = sema::find_kernel(c.module, c.module_kernels, kernel.function);
      return found && found->kernel->waits_on_dependencies;
    });
  }
  c.joins = opt::join_roots(c.module);
  c.reorders = opt::order_creation(c.module);
  return std::nullopt;
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
  if (const std::optional<CompileOptions> again = run(*c, *file, options, true)) return compile_file(path, *again);
  return c;
}

std::unique_ptr<Compilation> compile_text(const std::string& path, std::string text, const CompileOptions& options) {
  auto c = std::make_unique<Compilation>();
  const std::string copy = text;  // for a second compile, for the variant picked
  if (const std::optional<CompileOptions> again = run(*c, c->sources.add(path, std::move(text)), options, false)) {
    return compile_text(path, copy, *again);
  }
  return c;
}

std::vector<std::unique_ptr<Compilation>> compile_variants(const std::string& path, const CompileOptions& options,
                                                           std::unique_ptr<Compilation> first) {
  std::vector<std::unique_ptr<Compilation>> out;
  out.push_back(first != nullptr ? std::move(first) : compile_file(path, options));
  const std::optional<VariantDimension>& variant = out.front()->variant;
  if (!variant || options.variant || options.defines.contains(variant->name)) return out;
  for (const std::int64_t value : variant->values) {
    if (value == variant->value) continue;  // the largest, compiled first
    CompileOptions picked = options;
    picked.defines[variant->name] = std::to_string(value);
    out.insert(out.end() - 1, compile_file(path, picked));
  }
  return out;
}

std::vector<std::string> files_read(const Compilation& c) {
  std::vector<std::string> files{c.module.path};
  for (std::uint32_t f = 1; f < c.graph_files; ++f) files.push_back(c.sources.file(FileId{f}).path());
  for (const ir::ModuleDecl& m : c.module.modules) files.push_back(m.resolved);
  return files;
}

}  // namespace graphc

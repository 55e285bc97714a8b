#include "sema/check_kernel_signatures.h"

#include <charconv>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

// A line of NVRTC's log that reports an error: `path(line): error: message` (or
// `catastrophic error`).
struct NvrtcError {
  std::string path;
  std::uint32_t line = 0;
  std::string severity;  // "error" or "catastrophic error"
  std::string message;
};

std::optional<NvrtcError> nvrtc_error(std::string_view text) {
  for (const std::string_view severity : {"catastrophic error", "error"}) {
    const std::string marker = fmt::format("): {}: ", severity);
    const std::size_t close = text.find(marker);
    if (close == std::string_view::npos) continue;
    const std::size_t open = text.rfind('(', close);
    if (open == std::string_view::npos || open + 1 == close) continue;
    std::uint32_t line = 0;
    const char* first = text.data() + open + 1;
    const auto [end, problem] = std::from_chars(first, text.data() + close, line);
    if (problem != std::errc() || end != text.data() + close) continue;
    return NvrtcError{std::string(text.substr(0, open)), line, std::string(severity),
                      std::string(text.substr(close + marker.size()))};
  }
  return std::nullopt;
}

using ir::KernelArg;
using ir::KernelParam;
using ir::ScalarType;

// What an argument passes, as the runtime packs it (runtime/src/check_args.cpp).
struct Passed {
  enum class Kind : std::uint8_t { pointer, scalar, bytes };
  Kind kind = Kind::scalar;
  std::size_t size = 0;
  std::optional<ScalarType> type;  // a scalar's type, a buffer's element type, a vector aggregate's type
  /// An opaque CUDA handle's struct, as a C++ kernel's mangled parameter type names it
  /// ("CUgraphExec_st" for cudaGraphExec_t); empty for anything else.
  std::string_view handle;
};

Passed passed_of(const ir::Graph& graph, const KernelArg& arg) {
  switch (arg.kind) {
    case KernelArg::Kind::buffer: return {Passed::Kind::pointer, 8, graph.buffer(arg.buffer).type};
    case KernelArg::Kind::null_pointer: return {Passed::Kind::pointer, 8, std::nullopt};
    case KernelArg::Kind::graph_exec: return {Passed::Kind::pointer, 8, std::nullopt, "CUgraphExec_st"};
    case KernelArg::Kind::device_node: return {Passed::Kind::pointer, 8, std::nullopt, "CUgraphDeviceUpdatableNode_st"};
    case KernelArg::Kind::param: {
      const ScalarType type = graph.param(arg.param).type;
      return {ir::is_vector(type) ? Passed::Kind::bytes : Passed::Kind::scalar, ir::type_size(type), type};
    }
    case KernelArg::Kind::value: return {Passed::Kind::scalar, ir::type_size(arg.value.type), arg.value.type};
    case KernelArg::Kind::cond:
    case KernelArg::Kind::pitch: return {Passed::Kind::scalar, 8, ScalarType::u64};
    case KernelArg::Kind::rank: return {Passed::Kind::scalar, 4, ScalarType::i32};
    case KernelArg::Kind::aggregate: return {Passed::Kind::bytes, arg.struct_size, ir::parse_type(arg.struct_name)};
    case KernelArg::Kind::comm:  // a collective's only
    case KernelArg::Kind::unresolved: break;
  }
  return {};
}

// "'x', a pointer to f32", "'0.125', of type f64 (double)".
std::string describe_arg(const ir::Graph& graph, const KernelArg& arg, const SourceManager& sources) {
  const std::string text(sources.text(arg.range));
  switch (arg.kind) {
    case KernelArg::Kind::buffer:
      return fmt::format("'{}', a pointer to {}", text, ir::type_name(graph.buffer(arg.buffer).type));
    case KernelArg::Kind::null_pointer: return "nullptr";
    case KernelArg::Kind::graph_exec: return fmt::format("'{}', a cudaGraphExec_t", text);
    case KernelArg::Kind::device_node: return fmt::format("'{}', a cudaGraphDeviceNode_t", text);
    case KernelArg::Kind::param: {
      const ScalarType type = graph.param(arg.param).type;
      return fmt::format("'{}', a param of type {} ({})", text, ir::type_name(type), ir::cpp_type_name(type));
    }
    case KernelArg::Kind::value:
      return fmt::format("'{}', of type {} ({})", text, ir::type_name(arg.value.type),
                         ir::cpp_type_name(arg.value.type));
    case KernelArg::Kind::cond: return fmt::format("'{}', a cudaGraphConditionalHandle (8 bytes)", text);
    case KernelArg::Kind::pitch: return fmt::format("'{}', a size_t", text);
    case KernelArg::Kind::rank: return fmt::format("'{}', a rank of type i32 (int)", text);
    case KernelArg::Kind::aggregate: return fmt::format("'{}', {} bytes", text, arg.struct_size);
    case KernelArg::Kind::comm:  // a collective's only
    case KernelArg::Kind::unresolved: break;
  }
  return fmt::format("'{}'", text);
}

// "'float const*'", or for an extern "C" kernel what its PTX says: "a 4-byte floating-point value".
std::string describe_param(const KernelParam& param) {
  if (param.typed()) return fmt::format("'{}'", param.cxx);
  switch (param.kind) {
    case KernelParam::Kind::floating: return fmt::format("a {}-byte floating-point value", param.size);
    case KernelParam::Kind::integer:
      return param.size == 8 ? "an 8-byte integer or pointer" : fmt::format("a {}-byte integer", param.size);
    case KernelParam::Kind::pointer: return "a pointer";
    case KernelParam::Kind::bytes: return fmt::format("{} bytes", param.size);
  }
  return {};
}

// "(float*, float, int)" as the kernel is declared; PTX's sizes for an extern "C" kernel.
std::string parameter_list(const ir::KernelSignature& kernel) {
  std::vector<std::string> params;
  for (const KernelParam& param : kernel.params) {
    params.push_back(param.typed() ? param.cxx : describe_param(param));
  }
  return fmt::format("({})", fmt::join(params, ", "));
}

// Whether `passed` is what `param` takes. C++ would reject the rest or convert it, where
// the runtime passes its bytes unconverted.
bool compatible(const Passed& passed, const KernelParam& param) {
  if (passed.size != param.size) return false;
  const bool passed_float = passed.kind == Passed::Kind::scalar && passed.type && ir::is_float(*passed.type);
  if (!param.typed()) {  // extern "C": PTX's kinds only
    switch (param.kind) {
      case KernelParam::Kind::floating: return passed_float;
      case KernelParam::Kind::integer: return !passed_float && passed.kind != Passed::Kind::bytes;
      case KernelParam::Kind::pointer:
      case KernelParam::Kind::bytes: return true;
    }
  }
  switch (param.kind) {
    case KernelParam::Kind::pointer:
      if (passed.kind != Passed::Kind::pointer) return false;
      if (!passed.handle.empty()) return param.cxx.starts_with(passed.handle);  // that handle's type, no other pointer
      return !passed.type || param.pointee_void || (param.type && *param.type == *passed.type);
    case KernelParam::Kind::floating:
      return passed.kind == Passed::Kind::scalar && passed.type && *passed.type == param.type;
    case KernelParam::Kind::integer:
      return passed.kind == Passed::Kind::scalar && !passed_float;  // signed or not: the same bits
    case KernelParam::Kind::bytes:                                  // a struct, or a vector type
      if (passed.kind != Passed::Kind::bytes) return false;
      return !param.type || passed.type == param.type;
  }
  return false;
}

// The scalar type `param` takes: its C++ type's, or for an extern "C" kernel a floating
// type's by its size (PTX does not tell signed from unsigned integers).
std::optional<ScalarType> scalar_taken(const KernelParam& param) {
  if (param.typed()) {
    if (param.kind == KernelParam::Kind::pointer || !param.type || ir::is_vector(*param.type)) return std::nullopt;
    return param.type;
  }
  if (param.kind != KernelParam::Kind::floating) return std::nullopt;
  if (param.size == 4) return ScalarType::f32;
  if (param.size == 8) return ScalarType::f64;
  return std::nullopt;
}

// How to pass what `param` takes: a value in its type ("f32(0.125)"), or a param declared
// with it.
std::optional<std::string> hint(const ir::Graph& graph, const KernelArg& arg, const KernelParam& param,
                                const SourceManager& sources) {
  const std::optional<ScalarType> type = scalar_taken(param);
  if (!type) return std::nullopt;
  if (arg.kind == KernelArg::Kind::value) {
    const ir::Expr& value = arg.expr.kind == ir::Expr::Kind::cast ? arg.expr.operands.at(0) : arg.expr;
    return fmt::format("write '{}({})' for a value of the parameter's type", ir::type_name(*type),
                       sources.text(value.range));
  }
  if (arg.kind == KernelArg::Kind::param && !ir::is_vector(graph.param(arg.param).type)) {
    return fmt::format("declare param '{}' as {} for the parameter's type", graph.param(arg.param).name,
                       ir::type_name(*type));
  }
  return std::nullopt;
}

class SignatureChecker {
 public:
  SignatureChecker(const ir::Module& module, const std::vector<ir::ModuleKernels>& kernels, SourceManager& sources,
                   DiagEngine& diags)
      : module_(module), kernels_(kernels), sources_(sources), diags_(diags), files_(kernels.size()) {}

  // W0002 and W0001 at the module lines; whether every module was read.
  bool check_modules() {
    bool all_read = true;
    bool said_unchecked = false;
    for (std::size_t m = 0; m < kernels_.size(); ++m) {
      const ir::ModuleDecl& decl = module_.modules[m];
      const ir::ModuleKernels& kernels = kernels_[m];
      all_read = all_read && kernels.status == ir::ModuleKernels::Status::read;
      if (kernels.status == ir::ModuleKernels::Status::failed) {
        Diagnostic& d = diags_.report(DiagCode::module_not_nvrtc, decl.range, decl.path, ir::kCheckArchitecture);
        log_notes(d, m);
      } else if (kernels.status == ir::ModuleKernels::Status::unchecked && !said_unchecked) {
        diags_.report(DiagCode::kernels_unchecked, decl.range, decl.path, kernels.detail);
        said_unchecked = true;  // once: the reason is the build's or the format's, not each file's
      }
    }
    return all_read;
  }

  void check_node(const ir::Graph& graph, const ir::Node& node, const ir::KernelNode& kernel, bool all_read) {
    const std::optional<Found> found = find(kernel.function);
    if (!found) {
      if (all_read && !kernels_.empty()) report_unknown(node, kernel);
      return;
    }
    const ir::KernelSignature& signature = *found->kernel;
    if (signature.params.size() != kernel.args.size()) {
      Diagnostic& d = diags_.report(DiagCode::kernel_arg_count, kernel.function_range, kernel.function,
                                    counted(signature.params.size(), "argument"), node.name,
                                    counted(kernel.args.size(), "argument"));
      declared_note(d, *found);
      return;
    }
    for (std::size_t a = 0; a < kernel.args.size(); ++a) {
      const KernelArg& arg = kernel.args[a];
      const KernelParam& param = signature.params[a];
      if (compatible(passed_of(graph, arg), param)) continue;
      Diagnostic& d = diags_.report(DiagCode::kernel_arg_type, arg.range, a + 1, node.name,
                                    describe_arg(graph, arg, sources_), a + 1, kernel.function, describe_param(param));
      if (const std::optional<std::string> how = hint(graph, arg, param, sources_))
        d.note<NoteCode::text>(SourceRange{}, *how);
      declared_note(d, *found);
    }
  }

 private:
  using Found = FoundKernel;

  std::optional<Found> find(std::string_view name) const { return find_kernel(module_, kernels_, name); }

  void report_unknown(const ir::Node& node, const ir::KernelNode& kernel) {
    Diagnostic& d = diags_.report(DiagCode::kernel_not_in_modules, kernel.function_range, kernel.function, node.name);
    // What the node could have meant: a .cu module's kernels by C++ name, a .ptx module's by
    // symbol (the name the runtime looks up there).
    std::vector<std::string> names;
    std::vector<Found> owners;
    for (std::size_t m = 0; m < kernels_.size(); ++m) {
      const bool cu = module_.modules[m].compiled_by_nvrtc();
      for (const ir::KernelSignature& k : kernels_[m].kernels) {
        names.push_back(cu ? k.name : k.symbol);
        owners.push_back(Found{m, &k});
        if (!cu && k.name == kernel.function && k.symbol != k.name) {
          d.note<NoteCode::ptx_symbol>(declaration(owners.back()), module_.modules[m].path, k.name, k.symbol);
          return;
        }
      }
    }
    if (const std::optional<std::string> guess = closest_name(kernel.function, names)) {
      for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] != *guess) continue;
        d.note<NoteCode::did_you_mean_in_module>(declaration(owners[i]), *guess,
                                                 module_.modules[owners[i].module].path);
        break;
      }
    }
    d.note<NoteCode::registered_kernel>(SourceRange{});
  }

  void declared_note(Diagnostic& d, const Found& found) {
    d.note<NoteCode::declared_in_module>(declaration(found), found.kernel->name, module_.modules[found.module].path,
                                         found.kernel->name, parameter_list(*found.kernel));
  }

  // The kernel's name in its module file (added to the sources on first use); no range
  // where the declaration was not found.
  SourceRange declaration(const Found& found) {
    if (!found.kernel->declaration) return {};
    const FileId file = module_file(found.module);
    return {file, found.kernel->declaration->first, found.kernel->declaration->second};
  }

  FileId module_file(std::size_t m) {
    if (!files_[m]) files_[m] = sources_.add(module_.modules[m].resolved, kernels_[m].text);
    return *files_[m];
  }

  // NVRTC's errors (`path(line): error: message`) as notes at their lines of the module.
  void log_notes(Diagnostic& d, std::size_t m) {
    std::istringstream log(kernels_[m].detail);
    bool any = false;
    for (std::string line; std::getline(log, line);) {
      const std::optional<NvrtcError> error = nvrtc_error(line);
      if (!error) continue;
      SourceRange where;
      if (error->path == module_.modules[m].resolved) {
        const FileId file = module_file(m);
        const std::uint32_t line_number = error->line;
        const SourceFile& source = sources_.file(file);
        const std::uint32_t begin = source.offset_of(line_number, 1);
        const std::string_view text = source.line_text(line_number);
        const std::size_t indent = text.find_first_not_of(" \t");
        where = {file, begin + static_cast<std::uint32_t>(indent == std::string_view::npos ? 0 : indent),
                 begin + static_cast<std::uint32_t>(text.size())};
      }
      d.note<NoteCode::nvrtc_message>(where, error->severity, error->message);
      any = true;
    }
    if (!any) d.note<NoteCode::nvrtc_log>(SourceRange{}, kernels_[m].detail);
  }

  const ir::Module& module_;
  const std::vector<ir::ModuleKernels>& kernels_;
  SourceManager& sources_;
  DiagEngine& diags_;
  std::vector<std::optional<FileId>> files_;
};

}  // namespace

std::optional<FoundKernel> find_kernel(const ir::Module& module, const std::vector<ir::ModuleKernels>& kernels,
                                       std::string_view name) {
  for (std::size_t m = 0; m < kernels.size(); ++m) {
    const ir::ModuleKernels& module_kernels = kernels[m];
    if (module_kernels.status != ir::ModuleKernels::Status::read) continue;
    std::string_view symbol = name;
    if (module.modules[m].compiled_by_nvrtc()) {
      const auto lowered = module_kernels.lowered_names.find(name);
      if (lowered == module_kernels.lowered_names.end()) continue;
      symbol = lowered->second;
    }
    for (const ir::KernelSignature& kernel : module_kernels.kernels) {
      if (kernel.symbol == symbol) return FoundKernel{m, &kernel};
    }
  }
  return std::nullopt;
}

void check_kernel_signatures(const ir::Module& module, const std::vector<ir::ModuleKernels>& kernels,
                             SourceManager& sources, DiagEngine& diags) {
  SignatureChecker checker(module, kernels, sources, diags);
  const bool all_read = checker.check_modules();
  for (const ir::Graph& graph : module.graphs) {
    for (const ir::Node& node : graph.nodes) {
      const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
      if (kernel != nullptr && !node.synthetic) checker.check_node(graph, node, *kernel, all_read);
    }
  }
}

}  // namespace graphc::sema

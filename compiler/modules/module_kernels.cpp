#include "modules/module_kernels.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "modules/cubin_entries.h"
#include "modules/cxx_signature.h"
#include "modules/nvrtc_sources.h"
#include "modules/ptx_entries.h"
#include "source/source.h"
#ifdef GRAPHC_HAVE_NVRTC
#include "modules/nvrtc_compile.h"
#include "modules/struct_layouts.h"
#endif

namespace graphc::modules {
namespace {

using Status = ir::ModuleKernels::Status;

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The C++ name and parameter types of every kernel with C++ linkage.
void add_cxx_types(std::vector<ir::KernelSignature>& kernels) {
  for (ir::KernelSignature& kernel : kernels) {
    const std::optional<CxxSignature> cxx = demangle_kernel(kernel.symbol);
    if (!cxx || cxx->params.size() != kernel.params.size()) continue;
    kernel.name = cxx->name;
    for (std::size_t p = 0; p < kernel.params.size(); ++p) apply_cxx_type(kernel.params[p], cxx->params[p]);
  }
}

// A .ptx module (out.text): its entries.
void read_ptx(ir::ModuleKernels& out) {
  out.kernels = ptx_entries(out.text);
  add_cxx_types(out.kernels);
}

// A .cubin module (out.text): the entries of its symbol table.
void read_cubin(ir::ModuleKernels& out) {
  std::optional<std::vector<ir::KernelSignature>> kernels = cubin_entries(out.text);
  if (!kernels) {
    out.status = Status::unchecked;
    out.detail = "it is not a 64-bit ELF CUBIN with a symbol table";
  } else {
    out.kernels = std::move(*kernels);
    add_cxx_types(out.kernels);
  }
  out.text.clear();  // binary: no declaration is shown from it
}

// A .cu module (out.text, read from `path`): compiled to PTX, then its entries, and the
// layout of those of `structs` that it declares.
void read_cu(ir::ModuleKernels& out, [[maybe_unused]] const std::string& path,
             [[maybe_unused]] const std::vector<std::string>& functions,
             [[maybe_unused]] const std::vector<ir::StructDecl>& structs, [[maybe_unused]] const NvrtcCache& cache) {
#ifdef GRAPHC_HAVE_NVRTC
  NvrtcCompilation compiled = compile_with_nvrtc(path, functions, std::string(ir::kCheckArchitecture), cache, true);
  if (compiled.status == NvrtcCompilation::Status::unavailable) {
    out.status = Status::unchecked;
    out.detail = "NVRTC, which compiles .cu modules, cannot be loaded: " + compiled.log;
    return;
  }
  if (compiled.status != NvrtcCompilation::Status::compiled) {
    out.status = compiled.status == NvrtcCompilation::Status::unreadable ? Status::unreadable : Status::failed;
    out.detail = std::move(compiled.log);
    return;
  }
  out.kernels = ptx_entries(compiled.code.image);
  add_cxx_types(out.kernels);
  // An extern "C" kernel's C++ types, from its name expression's kernel_type_expression().
  for (const auto& [name, symbol] : compiled.code.lowered_names) {
    const auto type = compiled.code.lowered_names.find(kernel_type_expression(name));
    if (type == compiled.code.lowered_names.end()) continue;
    const std::optional<std::vector<std::string>> params = demangle_kernel_type(type->second);
    for (ir::KernelSignature& kernel : out.kernels) {
      if (kernel.symbol != symbol || symbol.starts_with("_Z") || !params || params->size() != kernel.params.size()) {
        continue;
      }
      for (std::size_t p = 0; p < params->size(); ++p) apply_cxx_type(kernel.params[p], (*params)[p]);
    }
  }
  // The declarations are found in the .cu source, not in the PTX.
  for (ir::KernelSignature& kernel : out.kernels) {
    kernel.declaration = kernel_declaration(out.text, kernel_identifier(kernel.name));
  }
  for (auto& [name, symbol] : compiled.code.lowered_names) {
    if (!name.starts_with("&graphc_kernel_type_<")) out.lowered_names.emplace(name, std::move(symbol));
  }
  out.cache_hit = compiled.cache_hit;
  out.structs = read_struct_layouts(path, structs, cache);
#else
  out.status = Status::unchecked;
  out.detail = "this graphc was built without NVRTC (the CUDA toolkit), so it cannot compile .cu modules";
#endif
}

}  // namespace

std::vector<std::string> kernel_functions(const ir::Module& module) {
  std::set<std::string> names;
  for (const ir::Graph& graph : module.graphs) {
    for (const ir::Node& node : graph.nodes) {
      const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
      if (kernel != nullptr && !node.synthetic) names.insert(kernel->function);
    }
  }
  return {names.begin(), names.end()};
}

std::vector<ir::ModuleKernels> read_module_kernels(const ir::Module& module, const NvrtcCache& cache) {
  const std::vector<std::string> functions = kernel_functions(module);
  std::vector<ir::ModuleKernels> out;
  for (const ir::ModuleDecl& decl : module.modules) {
    ir::ModuleKernels& kernels = out.emplace_back();
    const std::string extension = std::filesystem::path(decl.resolved).extension().string();
    if (extension != ".cu" && extension != ".ptx" && extension != ".cubin") {
      kernels.status = Status::unchecked;
      kernels.detail = fmt::format("graphc reads the kernels of .cu, .ptx and .cubin modules, not of a {}", extension);
      continue;
    }
    std::optional<std::string> text;
    if (unreadable_file(decl.resolved).empty()) text = read_text(decl.resolved);
    if (!text) {
      kernels.status = Status::unreadable;
      continue;
    }
    kernels.text = std::move(*text);
    if (extension == ".cu") {
      read_cu(kernels, decl.resolved, functions, module.structs, cache);
    } else if (extension == ".cubin") {
      read_cubin(kernels);
    } else {
      read_ptx(kernels);
    }
  }
  return out;
}

}  // namespace graphc::modules

// What a module declares about its kernels: each kernel's symbol, C++ name and parameters,
// read from the module file without a GPU (compiler/modules/), and checked against the
// kernel nodes (sema/check_kernel_signatures.h). Value types, as the rest of the IR.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/types.h"

namespace graphc::ir {

/// The virtual architecture .cu modules are compiled for when they are checked: the one
/// graphc supports, whatever GPU (if any) the machine has.
inline constexpr std::string_view kCheckArchitecture = "compute_90";

/// One parameter of a kernel, as the module declares it.
struct KernelParam {
  /// What the parameter holds: from its C++ type where the kernel has C++ linkage (its
  /// mangled name gives the types), else from its PTX type (`.f32`: floating; `.u32`,
  /// `.s64`, `.b16`: integer, which for 8 bytes may also be a pointer; `.b8 name[N]`: bytes).
  enum class Kind : std::uint8_t { integer, floating, pointer, bytes };
  Kind kind = Kind::integer;
  std::uint32_t size = 0;  // bytes, as the kernel's parameter buffer holds it
  /// The C++ type as the mangled name gives it ("float const*", "unsigned int", "float4");
  /// empty for an extern "C" kernel, whose PTX names no C++ type.
  std::string cxx;
  /// The type (of a pointer: the pointee's) where it is one of graphc's (ir/types.h):
  /// f32 for "float" and "float const*", float4 for "float4".
  std::optional<ScalarType> type;
  bool pointee_const = false;  // a pointer to const: the kernel reads through it only
  bool pointee_void = false;   // void* or void const*: any buffer
  bool typed() const { return !cxx.empty(); }
};

/// One kernel (a PTX `.entry`) of a module.
struct KernelSignature {
  std::string symbol;  // the entry's name: mangled for C++ linkage
  std::string name;    // the C++ name, without parameters ("ns::scale<float>"); the symbol for extern "C"
  std::vector<KernelParam> params;
  /// Where the kernel is declared in the module's text (ModuleKernels::text), if found:
  /// the byte range of its name.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> declaration;
  /// Whether the entry's own body waits for the grids it depends on (`griddepcontrol.wait`,
  /// what cudaGridDependencySynchronize() compiles to): the kernel says it may be launched
  /// before its producers complete (programmatic dependent launch). Read from PTX (.ptx
  /// and .cu modules), so false for a .cubin's kernels and for a wait in a function the
  /// entry calls.
  bool waits_on_dependencies = false;
};

/// A field of a struct of the graph file as a .cu module's C++ declares it (NVRTC's layout).
struct CxxField {
  std::string name;
  /// Its C++ type, as a kernel parameter's (`cxx` as the demangler writes it: "int",
  /// "float*"); `cxx` empty: the C++ struct has no such field.
  KernelParam type;
  std::uint64_t offset = 0;  // offsetof, in bytes
};

/// A struct of the graph file (StructDecl) as a .cu module's C++ declares it: a field for
/// each of the StructDecl's, in its order.
struct CxxStruct {
  std::string name;  // as the graph file writes it
  std::vector<CxxField> fields;
};

/// The kernels of one `module` declaration, as read by compiler/modules.
struct ModuleKernels {
  enum class Status : std::uint8_t {
    read,        // `kernels` is every kernel of the module
    unreadable,  // the file cannot be read (E0019 says why)
    failed,      // a .cu module that NVRTC does not compile: `detail` is its log
    unchecked,   // not read, for the reason in `detail` (a .fatbin; no NVRTC in this build)
  };
  Status status = Status::read;
  std::string detail;
  /// The text the declarations are found in: the .cu source, or the .ptx file.
  std::string text;
  std::vector<KernelSignature> kernels;
  /// A .cu module: the symbol of each kernel name of the graphs that the module declares
  /// (NVRTC's name expressions and their lowered names), as the runtime finds them.
  std::map<std::string, std::string, std::less<>> lowered_names;
  bool cache_hit = false;  // a .cu module: NVRTC did not run, its output came from the disk cache
  /// A .cu module: the structs of the graph file that it declares (struct_layouts.h).
  std::vector<CxxStruct> structs;
};

}  // namespace graphc::ir

// The C++ side of a kernel with C++ linkage: its name and parameter types from its mangled
// (Itanium ABI) symbol, demangled by the C++ runtime's abi::__cxa_demangle, and what each
// parameter type is in graphc's terms (a pointer to const f32, a u32, a float4, ...).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/kernel_signature.h"

namespace graphc::modules {

/// A demangled kernel: "ns::scale<float>" and {"float const*", "int"}.
struct CxxSignature {
  std::string name;                 // qualified, with template arguments, without the return type
  std::vector<std::string> params;  // each parameter's type as the demangler writes it
};

/// The signature in a mangled `symbol` ("_ZN2ns5scaleIfEEvPKfi"); nullopt for a name that
/// is not a mangled function name (an extern "C" kernel's).
std::optional<CxxSignature> demangle_kernel(std::string_view symbol);

/// The parameter types in the mangled name of a kernel_type_expression()
/// ("graphc_kernel_type_<void (*)(float*, float, int)>"): an extern "C" kernel's C++ types,
/// which its own symbol does not hold; nullopt for any other symbol.
std::optional<std::vector<std::string>> demangle_kernel_type(std::string_view symbol);

/// The template arguments in the mangled name of an instance of variable template `name`
/// ("graphc_field_<int, 8ull>" gives {"int", "8ull"}), as the demangler writes them;
/// nullopt for any other symbol.
std::optional<std::vector<std::string>> demangle_template_args(std::string_view symbol, std::string_view name);

/// Sets `param`'s kind, type and pointee flags from the C++ type `cxx` (as the demangler
/// writes it: "float const*", "unsigned long", "__half", "float4", "P"), keeping its size:
/// a pointer (to void, to const), a floating type, an integer type (char and bool too),
/// or bytes (a struct or vector type; its `type` where it is one of CUDA's vector types).
void apply_cxx_type(ir::KernelParam& param, std::string cxx);

}  // namespace graphc::modules

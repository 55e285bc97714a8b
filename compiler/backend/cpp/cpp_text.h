// User text and values as C++ source: the one escaping function for user text, C++
// identifiers, kernel names, and typed literals. Every piece of user text the C++ back
// end writes goes through one of these.
#pragma once

#include <string>
#include <string_view>

#include "ir/graph.h"
#include "ir/types.h"

namespace graphc::backend {

/// The one escaping function: `text` as the body of a C++ string literal. Printable ASCII
/// stays as is except `\` and `"`; newline, tab and carriage return become \n \t \r; every
/// other byte becomes a three-digit octal escape. The result holds no newline, so it is
/// also safe inside a `//` comment (as long as the comment does not end with it).
std::string escape(std::string_view text);

/// `graphc::MemorySpace::device`, `...::host`, `...::managed`.
std::string_view space_enumerator(ir::MemorySpace space);

/// `"escape(text)"`: a C++ string literal.
std::string string_literal(std::string_view text);

/// `#include "path"`. Throws std::runtime_error when `path` holds a character an #include
/// cannot spell (`"`, `\`, or a control character), naming the path.
std::string include_directive(std::string_view path);

/// A declared name (buffer, param, node, graph, host function) as a C++ identifier. Names
/// that are C++ keywords, or that would hide a name the generated code uses (std, graphc,
/// cudaHostFn_t, ...), get a trailing underscore. Throws std::logic_error when `name` is
/// not an identifier: the front ends accept nothing else.
std::string identifier(std::string_view name);

/// The Bindings member for a host or capture function as written in the .graph file
/// (`report`, `solver::step<float>`): identifier() of the name with every run of characters
/// an identifier cannot hold made one `_` (`solver_step_float`).
std::string function_member(std::string_view function);

/// A kernel function as written in the .graph file (`axpy`, `ns::scale<float>`), as a
/// reference from inside the generated namespaces: qualified from the global namespace
/// (`::axpy`). Throws std::logic_error unless ir::is_cpp_function_name(function): sema
/// rejects any other name (E0111).
std::string kernel_reference(std::string_view function);

/// A constant expression holding `value` exactly, for initialising a variable of
/// `value.type` (no narrowing): `1024`, `1024u`, `2.0f`, `2.0`, `__float2half(2.0f)`.
std::string initializer(const ir::Scalar& value);

/// A param's initial value in its C++ type: initializer() of its default, and of a vector
/// param its type by CUDA's name with one initializer() per lane (`float4{1.0f, 2.0f, 3.0f,
/// 4.0f}`, `__half2{__float2half(0.5f), __float2half(1.0f)}`).
std::string param_initializer(const ir::Param& param);

/// An expression of exactly `value.type` holding `value`, for a kernel argument: `1024`
/// (int), `1024u`, `std::int64_t{1024}`, `std::uint8_t{7}`, `2.0f`, `2.0`,
/// `__float2half(2.0f)`, `__float2bfloat16(2.0f)`.
std::string typed_value(const ir::Scalar& value);

/// A floating literal: `2.0f` (single) or `2.0` (double), shortest round-trip digits.
/// Throws std::logic_error for infinities and NaN (the validator rejects them).
std::string float_literal(double value, bool single);

/// Whether C++ `code` reads `name.` (a member of a parameter named `name`) outside string
/// literals and preprocessor lines: a generated function names only the parameters it reads
/// (nvcc warns of unused ones).
bool reads_member_of(std::string_view code, std::string_view name);

}  // namespace graphc::backend

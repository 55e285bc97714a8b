// The runtime's errors as the header-only code words them (the code graphc compile writes,
// and the headers the runtime library shares with it): each from its row of
// graphc/base/runtime_codes.def, the rows the runtime library renders through the compiler's
// DiagEngine, so an error reads the same on both paths. CUDA-free, header-only, the
// standard library only (no fmt and no <format>: nvcc and GCC 12 compile it too).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graphc/error.h"

namespace graphc {

/// One enumerator per row of graphc/base/runtime_codes.def, named by the row's id as the
/// compiler's DiagCode names it: RuntimeCode::kernel_not_found is R0002.
enum class RuntimeCode : std::uint16_t {
#define GRAPHC_DIAG(code, severity, id, format) id,
#include "graphc/base/runtime_codes.def"
#undef GRAPHC_DIAG
};

namespace detail {

/// A row of runtime_codes.def as the headers read it.
struct RuntimeRow {
  std::string_view code;
  std::string_view severity;
  std::string_view format;
};

/// The rows, indexed by RuntimeCode.
inline constexpr RuntimeRow runtime_rows[] = {
#define GRAPHC_DIAG(code, severity, id, format) {#code, #severity, format},
#include "graphc/base/runtime_codes.def"
#undef GRAPHC_DIAG
};

/// How many `{}` fields `format` has.
constexpr std::size_t field_count(std::string_view format) {
  std::size_t count = 0;
  for (std::size_t at = format.find("{}"); at != std::string_view::npos; at = format.find("{}", at + 2)) ++count;
  return count;
}

/// An argument of a runtime error as its message writes it: text as it is, an integer in
/// decimal (std::to_string). A char or a bool is neither, so that neither is written as a
/// number by mistake.
inline std::string argument_text(std::string_view text) { return std::string(text); }
// clang-format 14 misreads a requires clause:
// clang-format off
template <std::integral T>
  requires(!std::same_as<T, bool> && !std::same_as<T, char>)
std::string argument_text(T value) {
  return std::to_string(value);
}
// clang-format on

}  // namespace detail

/// The code as printed, e.g. "R0002" (the compiler's code_name(DiagCode) says the same).
constexpr std::string_view code_name(RuntimeCode code) {
  return detail::runtime_rows[static_cast<std::size_t>(code)].code;
}

/// The row's format: its text with a `{}` for each argument, in order (the compiler's
/// format_of(DiagCode) is the same string).
constexpr std::string_view format_of(RuntimeCode code) {
  return detail::runtime_rows[static_cast<std::size_t>(code)].format;
}

/// `format` with each `{}` replaced by the next of `args`, in order: what fmt::format makes
/// of a row of runtime_codes.def, whose only replacement fields are `{}` (no `{{`, `}}` or
/// format specs; a unit test holds the rows to that). A `{}` past the last argument stays
/// `{}`, so a missing argument shows where it belongs; arguments past the last `{}` are left
/// out, as fmt leaves them out. throw_error() checks the count at compile time, so neither
/// happens through it.
inline std::string substitute(std::string_view format, const std::vector<std::string>& args) {
  std::string out;
  auto arg = args.begin();
  std::size_t from = 0;
  for (std::size_t at = format.find("{}"); at != std::string_view::npos && arg != args.end();
       at = format.find("{}", from)) {
    out.append(format.substr(from, at - from)).append(*arg++);
    from = at + 2;
  }
  return out.append(format.substr(from));
}

/// Throws graphc::Error with code() `Code`: "<location>: error[RXXXX]: <message>", the
/// message the row of `Code` with `args` in its `{}` fields (text as it is, integers in
/// decimal), and without "<location>: " when `location` (the node's `file:line:col`) is
/// empty. The runtime library renders the same row through DiagEngine; the number of
/// arguments must be the row's number of `{}` fields.
template <RuntimeCode Code, class... Args>
[[noreturn]] void throw_error(std::string_view location, const Args&... args) {
  static_assert(detail::field_count(format_of(Code)) == sizeof...(Args),
                "graphc::throw_error: give one argument per {} of the code's row in graphc/base/runtime_codes.def");
  constexpr detail::RuntimeRow row = detail::runtime_rows[static_cast<std::size_t>(Code)];
  std::string text(location);
  if (!text.empty()) text += ": ";
  text.append(row.severity).append("[").append(row.code).append("]: ");
  text += substitute(row.format, {detail::argument_text(args)...});
  throw Error(std::move(text), std::string(row.code));
}

/// Throws R0001 for a call (of the CUDA runtime, the driver or a library) that failed with
/// the error `name` and its description `text`: "<location>: error[R0001]: <operation> for
/// node '<node>' failed: <name> (<text>)"; `node` and `location` may be empty for a call
/// that belongs to no node. What check_cuda() (graphc/check_cuda.h) throws.
[[noreturn]] inline void cuda_failure(std::string_view name, std::string_view text, std::string_view operation,
                                      std::string_view node, std::string_view location) {
  std::string call(operation);
  if (!node.empty()) call.append(" for node '").append(node).append("'");
  throw_error<RuntimeCode::cuda_error>(location, call, name, text);
}

}  // namespace graphc

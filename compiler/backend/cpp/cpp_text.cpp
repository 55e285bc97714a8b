#include "backend/cpp/cpp_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ir/cpp_name.h"

namespace graphc::backend {
namespace {

// C++20 keywords and alternative tokens: never usable as names.
constexpr std::string_view kKeywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
    "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr", "constinit",
    "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
    "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
    "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
    "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "requires", "return", "short", "signed",
    "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local", "throw",
    "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
    "wchar_t", "while", "xor", "xor_eq",
    // Not keywords, but hidden by a member or namespace of that name, the generated code would
    // break: the namespaces it names, and macros of the C and CUDA headers it includes.
    "std", "graphc", "gen", "dim3", "NULL", "EOF", "errno", "assert"};

// Prefixes of the CUDA runtime's names and macros, and of names reserved to the
// implementation: a declared name starting with one gets an underscore too.
constexpr std::string_view kReservedPrefixes[] = {"cuda", "make_cuda", "CUDA", "CU_", "__"};

bool is_identifier_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_identifier_char(char c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }

bool is_identifier(std::string_view text) {
  return !text.empty() && is_identifier_start(text[0]) && std::all_of(text.begin(), text.end(), is_identifier_char);
}

std::string signed_literal(std::int64_t value, ir::ScalarType type) {
  if (type == ir::ScalarType::i32 && value == std::numeric_limits<std::int32_t>::min()) return "(-2147483647 - 1)";
  if (type == ir::ScalarType::i64 && value == std::numeric_limits<std::int64_t>::min()) {
    return "(-9223372036854775807 - 1)";
  }
  return fmt::format("{}", value);
}

std::string unsigned_literal(std::uint64_t value, ir::ScalarType type) {
  if (type == ir::ScalarType::u32) return fmt::format("{}u", value);
  if (type == ir::ScalarType::u64 && value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    return fmt::format("{}u", value);
  }
  return fmt::format("{}", value);
}

}  // namespace

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c >= 0x20 && c < 0x7f) {
          out.push_back(c);
        } else {
          out += fmt::format("\\{:03o}", static_cast<unsigned char>(c));
        }
    }
  }
  return out;
}

std::string string_literal(std::string_view text) {
  // Not `"\"" + escape(text)`: GCC 12 at -O3 reports that as -Wrestrict, a false positive.
  std::string literal = "\"";
  literal += escape(text);
  literal += '"';
  return literal;
}

std::string include_directive(std::string_view path) {
  const bool spellable = std::none_of(path.begin(), path.end(), [](char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  });
  if (!spellable) {
    throw std::runtime_error(fmt::format("cannot #include \"{}\" in generated code: rename it without quotes, "
                                         "backslashes or control characters",
                                         escape(path)));
  }
  return fmt::format("#include \"{}\"", path);
}

std::string identifier(std::string_view name) {
  if (!is_identifier(name))
    throw std::logic_error(fmt::format("C++ back end: '{}' is not an identifier", escape(name)));
  const bool hides = std::find(std::begin(kKeywords), std::end(kKeywords), name) != std::end(kKeywords) ||
                     std::any_of(std::begin(kReservedPrefixes), std::end(kReservedPrefixes),
                                 [name](std::string_view prefix) { return name.starts_with(prefix); });
  return hides ? std::string(name) + "_" : std::string(name);
}

std::string function_member(std::string_view function) {
  std::string out;
  for (const char c : function) {
    const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    if (word) {
      out += c;
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  while (!out.empty() && out.back() == '_' && function.back() != '_') out.pop_back();
  return identifier(out);
}

std::string kernel_reference(std::string_view function) {
  if (!ir::is_cpp_function_name(function)) {
    throw std::logic_error(fmt::format("C++ back end: kernel name '{}' is not a C++ qualified name or template-id",
                                       escape(function)));
  }
  return function.starts_with("::") ? std::string(function) : "::" + std::string(function);
}

std::string float_literal(double value, bool single) {
  if (!std::isfinite(value)) throw std::logic_error("C++ back end: a floating value is not finite");
  std::string text = single ? fmt::format("{}", static_cast<float>(value)) : fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return single ? text + "f" : text;
}

std::string initializer(const ir::Scalar& value) {
  using ir::ScalarType;
  switch (value.type) {
    case ScalarType::f16: return "__float2half(" + float_literal(value.floating, true) + ")";
    case ScalarType::bf16: return "__float2bfloat16(" + float_literal(value.floating, true) + ")";
    case ScalarType::f32: return float_literal(value.floating, true);
    case ScalarType::f64: return float_literal(value.floating, false);
    default: break;
  }
  if (ir::is_signed(value.type)) return signed_literal(value.integer, value.type);
  return unsigned_literal(static_cast<std::uint64_t>(value.integer), value.type);
}

std::string param_initializer(const ir::Param& param) {
  if (!ir::is_vector(param.type)) return initializer(param.folded_default);
  std::vector<std::string> lanes;
  for (const ir::Scalar& lane : param.folded_lanes) lanes.push_back(initializer(lane));
  return fmt::format("{}{{{}}}", ir::cpp_type_name(param.type), fmt::join(lanes, ", "));
}

std::string_view space_enumerator(ir::MemorySpace space) {
  switch (space) {
    case ir::MemorySpace::device: return "graphc::MemorySpace::device";
    case ir::MemorySpace::host: return "graphc::MemorySpace::host";
    case ir::MemorySpace::managed: return "graphc::MemorySpace::managed";
    case ir::MemorySpace::pageable: return "graphc::MemorySpace::pageable";
  }
  return {};
}

std::string typed_value(const ir::Scalar& value) {
  using ir::ScalarType;
  switch (value.type) {
    case ScalarType::i8:
    case ScalarType::c8:
    case ScalarType::i16:
    case ScalarType::i64:
    case ScalarType::u8:
    case ScalarType::u16:
    case ScalarType::u64: return fmt::format("{}{{{}}}", ir::cpp_type_name(value.type), initializer(value));
    default: return initializer(value);  // int, unsigned, float, double and the half types are exact
  }
}

bool reads_member_of(std::string_view code, std::string_view name) {
  bool line_start = true;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (line_start && c == '#') {  // a #line directive: its file name is no code
      i = code.find('\n', i);
      if (i == std::string_view::npos) return false;
      continue;
    }
    line_start = c == '\n' || (line_start && c == ' ');
    if (c == '"') {  // a string literal, whose escapes graphc's escape() writes
      for (++i; i < code.size() && code[i] != '"'; ++i) {
        if (code[i] == '\\') ++i;
      }
      continue;
    }
    const bool starts = i == 0 || (!is_identifier_char(code[i - 1]) && code[i - 1] != '.');
    if (starts && code.substr(i).starts_with(name) && i + name.size() < code.size() && code[i + name.size()] == '.') {
      return true;
    }
  }
  return false;
}

}  // namespace graphc::backend

#include "modules/cxx_signature.h"

#include <cxxabi.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

namespace graphc::modules {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// The C++ spellings of graphc's scalar types as the demangler writes them (LP64: long is
// 8 bytes), and CUDA's vector type names.
std::optional<ir::ScalarType> scalar_of(std::string_view name) {
  using ir::ScalarType;
  static constexpr std::array<std::pair<std::string_view, ScalarType>, 16> kScalars{{
      {"signed char", ScalarType::i8},
      {"char", ScalarType::c8},
      {"unsigned char", ScalarType::u8},
      {"short", ScalarType::i16},
      {"unsigned short", ScalarType::u16},
      {"int", ScalarType::i32},
      {"unsigned int", ScalarType::u32},
      {"long", ScalarType::i64},
      {"long long", ScalarType::i64},
      {"unsigned long", ScalarType::u64},
      {"unsigned long long", ScalarType::u64},
      {"float", ScalarType::f32},
      {"double", ScalarType::f64},
      {"__half", ScalarType::f16},
      {"__nv_bfloat16", ScalarType::bf16},
      {"half", ScalarType::f16},
  }};
  for (const auto& [spelling, type] : kScalars) {
    if (spelling == name) return type;
  }
  for (const std::string_view type_name : ir::type_names()) {
    const std::optional<ScalarType> type = ir::parse_type(type_name);
    if (type && ir::is_vector(*type) && ir::cpp_type_name(*type) == name) return type;
  }
  return std::nullopt;
}

// `type` without the words const and volatile; `is_const` says whether const was there.
std::string strip_cv(std::string_view type, bool& is_const) {
  std::string out;
  std::size_t i = 0;
  while (i < type.size()) {
    const std::size_t space = type.find(' ', i);
    const std::string_view word = type.substr(i, space == std::string_view::npos ? std::string_view::npos : space - i);
    if (word == "const") {
      is_const = true;
    } else if (word != "volatile" && !word.empty()) {
      if (!out.empty()) out += ' ';
      out += word;
    }
    if (space == std::string_view::npos) break;
    i = space + 1;
  }
  return out;
}

// `symbol` demangled, or nullopt.
std::optional<std::string> demangled(std::string_view symbol) {
  if (!symbol.starts_with("_Z")) return std::nullopt;
  int status = 0;
  const std::unique_ptr<char, decltype(&std::free)> text(
      abi::__cxa_demangle(std::string(symbol).c_str(), nullptr, nullptr, &status), &std::free);
  if (status != 0 || !text) return std::nullopt;
  return std::string(text.get());
}

// The items of a comma-separated list ("float*, P<int, 2>"), split at its top-level
// commas, trimmed, empty ones left out.
std::vector<std::string> split_list(std::string_view list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= list.size(); ++i) {
    if (i == list.size() || (depth == 0 && list[i] == ',')) {
      const std::string_view one = trim(list.substr(start, i - start));
      if (!one.empty()) out.emplace_back(one);
      start = i + 1;
      continue;
    }
    if (list[i] == '(' || list[i] == '<' || list[i] == '[') ++depth;
    if (list[i] == ')' || list[i] == '>' || list[i] == ']') --depth;
  }
  return out;
}

// Splits a function's text at its parameter list, the last top-level parentheses:
// "void ns::f<int>(float*, P<int, 2>)" gives the name ("ns::f<int>", after a return type's
// last top-level space) and the parameter types.
std::optional<CxxSignature> split_function(std::string_view text) {
  if (text.empty() || text.back() != ')') return std::nullopt;
  int depth = 0;
  std::size_t open = std::string_view::npos;
  for (std::size_t i = text.size(); i-- > 0;) {
    const char c = text[i];
    if (c == ')' || c == '>') ++depth;
    if (c == '(' || c == '<') --depth;
    if (depth == 0 && c == '(') {
      open = i;
      break;
    }
  }
  if (open == std::string_view::npos) return std::nullopt;
  CxxSignature out;
  const std::string_view head = text.substr(0, open);
  std::size_t name_begin = 0;
  depth = 0;
  for (std::size_t i = 0; i < head.size(); ++i) {
    const char c = head[i];
    if (c == '(' || c == '<') ++depth;
    if (c == ')' || c == '>') --depth;
    if (depth == 0 && c == ' ') name_begin = i + 1;
  }
  out.name = head.substr(name_begin);
  for (std::string& param : split_list(text.substr(open + 1, text.size() - open - 2))) {
    if (param != "void") out.params.push_back(std::move(param));
  }
  return out;
}

}  // namespace

std::optional<CxxSignature> demangle_kernel(std::string_view symbol) {
  const std::optional<std::string> text = demangled(symbol);
  if (!text) return std::nullopt;
  return split_function(*text);
}

std::optional<std::vector<std::string>> demangle_kernel_type(std::string_view symbol) {
  const std::optional<std::string> text = demangled(symbol);
  constexpr std::string_view kPrefix = "graphc_kernel_type_<";
  if (!text || !text->starts_with(kPrefix) || !text->ends_with('>')) return std::nullopt;
  // "void (*)(float*, float, int)": a pointer to the kernel's function type.
  const std::optional<CxxSignature> function =
      split_function(std::string_view(*text).substr(kPrefix.size(), text->size() - kPrefix.size() - 1));
  if (!function) return std::nullopt;
  return function->params;
}

std::optional<std::vector<std::string>> demangle_template_args(std::string_view symbol, std::string_view name) {
  const std::optional<std::string> text = demangled(symbol);
  if (!text || !text->starts_with(name) || text->size() < name.size() + 2 || (*text)[name.size()] != '<' ||
      !text->ends_with('>')) {
    return std::nullopt;
  }
  return split_list(std::string_view(*text).substr(name.size() + 1, text->size() - name.size() - 2));
}

void apply_cxx_type(ir::KernelParam& param, std::string cxx) {
  using Kind = ir::KernelParam::Kind;
  std::string_view type = trim(cxx);
  if (type.ends_with("__restrict__")) type = trim(type.substr(0, type.size() - 12));
  if (type.ends_with('*')) {
    param.kind = Kind::pointer;
    bool is_const = false;
    const std::string pointee = strip_cv(trim(type.substr(0, type.size() - 1)), is_const);
    param.pointee_const = is_const;
    param.pointee_void = pointee == "void";
    param.type = scalar_of(pointee);
  } else {
    bool is_const = false;
    const std::string base = strip_cv(type, is_const);
    param.type = scalar_of(base);
    if (param.type && ir::is_vector(*param.type)) {
      param.kind = Kind::bytes;
    } else if (param.type) {
      param.kind = ir::is_float(*param.type) ? Kind::floating : Kind::integer;
    } else if (base == "bool") {
      param.kind = Kind::integer;
    } else {
      param.kind = Kind::bytes;
    }
  }
  param.cxx = std::move(cxx);
}

}  // namespace graphc::modules

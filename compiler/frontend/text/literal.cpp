#include "frontend/text/literal.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include <fmt/format.h>

namespace graphc::frontend::text {
namespace {

using ir::Scalar;
using ir::ScalarType;

bool is_digit(char c, int base) {
  if (base == 16) return std::isxdigit(static_cast<unsigned char>(c)) != 0;
  return c >= '0' && c <= '9';
}

// An integer suffix: `u` and `l`/`ll` in either order, in either case (but not `lL`).
struct IntegerSuffix {
  bool is_unsigned = false;
  bool is_long = false;  // l or ll: both 64 bits on LP64
};

std::optional<IntegerSuffix> parse_integer_suffix(std::string_view s) {
  IntegerSuffix suffix;
  if (!s.empty() && (s.front() == 'u' || s.front() == 'U')) {
    suffix.is_unsigned = true;
    s.remove_prefix(1);
  } else if (!s.empty() && (s.back() == 'u' || s.back() == 'U')) {
    suffix.is_unsigned = true;
    s.remove_suffix(1);
  }
  if (s.empty()) return suffix;
  if (s == "l" || s == "L" || s == "ll" || s == "LL") {
    suffix.is_long = true;
    return suffix;
  }
  return std::nullopt;
}

bool fits(std::uint64_t value, ScalarType type) {
  switch (type) {
    case ScalarType::i32: return value <= static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
    case ScalarType::u32: return value <= std::numeric_limits<std::uint32_t>::max();
    case ScalarType::i64: return value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    default: return true;  // u64
  }
}

// C++ [lex.icon]: the first type of the list that holds the value. A decimal literal
// without `u` never becomes unsigned.
std::variant<Scalar, LiteralError> type_integer(std::uint64_t value, bool decimal, IntegerSuffix suffix) {
  std::array<ScalarType, 4> candidates{};
  std::size_t count = 0;
  auto add = [&](ScalarType t) { candidates[count++] = t; };
  if (suffix.is_unsigned) {
    if (!suffix.is_long) add(ScalarType::u32);
    add(ScalarType::u64);
  } else {
    if (!suffix.is_long) add(ScalarType::i32);
    if (!decimal && !suffix.is_long) add(ScalarType::u32);
    add(ScalarType::i64);
    if (!decimal) add(ScalarType::u64);
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (fits(value, candidates[i])) return Scalar::of_integer(candidates[i], static_cast<std::int64_t>(value));
  }
  return LiteralError{"it does not fit in i64; a literal with the suffix 'ull' is u64"};
}

std::variant<Scalar, LiteralError> parse_integer(std::string_view text) {
  int base = 10;
  std::size_t start = 0;
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    start = 2;
  } else if (text.size() >= 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) {
    base = 2;
    start = 2;
  }
  std::size_t end = start;
  while (end < text.size() && is_digit(text[end], base)) ++end;
  const std::string_view digits = text.substr(start, end - start);
  const std::string_view suffix_text = text.substr(end);
  const char* kind = base == 16 ? "hexadecimal" : "binary";
  if (base != 10 && digits.empty())
    return LiteralError{fmt::format("a {} literal needs digits after '{}'", kind, text.substr(0, 2))};
  if (base == 16 && !suffix_text.empty() && (suffix_text[0] == '.' || suffix_text[0] == 'p' || suffix_text[0] == 'P')) {
    return LiteralError{"hexadecimal floating literals are not supported"};
  }
  if (base == 2) {
    const auto bad = std::find_if(digits.begin(), digits.end(), [](char c) { return c != '0' && c != '1'; });
    if (bad != digits.end()) return LiteralError{fmt::format("'{}' is not a binary digit", *bad)};
  }
  if (base == 10 && digits.size() > 1 && digits[0] == '0') {
    return LiteralError{"octal literals are not supported; write the value without leading zeros"};
  }
  const std::optional<IntegerSuffix> suffix = parse_integer_suffix(suffix_text);
  if (!suffix) return LiteralError{fmt::format("unknown suffix '{}'", suffix_text)};
  std::uint64_t value = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (ec == std::errc::result_out_of_range) return LiteralError{"it does not fit in u64"};
  return type_integer(value, base == 10, *suffix);
}

// The decimal order of magnitude of a valid floating literal's value (the power of ten
// of its first significant digit), to tell an overflow from an underflow.
long decimal_order(std::string_view mantissa, long exponent) {
  const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
  const std::size_t first = mantissa.find_first_of("123456789");
  if (first == std::string_view::npos) return 0;
  const long position = static_cast<long>(point) - static_cast<long>(first);
  return exponent + (first < point ? position - 1 : position);
}

std::variant<Scalar, LiteralError> parse_float(std::string_view text) {
  // digits [. digits] [(e|E) [+|-] digits], at least one digit before the exponent.
  std::size_t i = 0;
  std::size_t digit_count = 0;
  while (i < text.size() && is_digit(text[i], 10)) ++i, ++digit_count;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i], 10)) ++i, ++digit_count;
  }
  const std::size_t mantissa_end = i;
  long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const std::size_t exponent_start = i;
    while (i < text.size() && is_digit(text[i], 10)) ++i;
    if (i == exponent_start) return LiteralError{"the exponent has no digits"};
    long magnitude = 0;
    std::from_chars(text.data() + exponent_start, text.data() + i, magnitude);
    exponent = negative ? -magnitude : magnitude;
  }
  if (digit_count == 0) return LiteralError{"it has no digits"};
  const std::string_view number = text.substr(0, i);
  const std::string_view suffix = text.substr(i);
  ScalarType type = ScalarType::f64;
  if (suffix == "f" || suffix == "F") {
    type = ScalarType::f32;
  } else if (suffix == "l" || suffix == "L") {
    return LiteralError{"long double literals are not supported"};
  } else if (!suffix.empty()) {
    return LiteralError{fmt::format("unknown suffix '{}'", suffix)};
  }
  double value = 0;
  std::errc ec{};
  if (type == ScalarType::f32) {
    float f = 0;
    ec = std::from_chars(number.data(), number.data() + number.size(), f).ec;
    value = f;
  } else {
    ec = std::from_chars(number.data(), number.data() + number.size(), value).ec;
  }
  if (ec == std::errc::result_out_of_range) {
    const bool too_large = decimal_order(text.substr(0, mantissa_end), exponent) > 0;
    return LiteralError{fmt::format("it is too {} for {}", too_large ? "large" : "small", ir::type_name(type))};
  }
  return Scalar::of_float(type, value);
}

}  // namespace

std::variant<Scalar, LiteralError> parse_literal(std::string_view text) {
  const bool prefixed =
      text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X' || text[1] == 'b' || text[1] == 'B');
  if (!prefixed) {
    const std::size_t digits_end = std::min(text.find_first_not_of("0123456789"), text.size());
    if (digits_end < text.size() && (text[digits_end] == '.' || text[digits_end] == 'e' || text[digits_end] == 'E')) {
      return parse_float(text);
    }
  }
  return parse_integer(text);
}

}  // namespace graphc::frontend::text

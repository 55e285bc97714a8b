#include "ir/types.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include <fmt/format.h>

namespace graphc::ir {
namespace {

// float -> IEEE half or bfloat16 bits, rounding to nearest even.
std::uint16_t to_half_bits(float value) {
  const std::uint32_t f = std::bit_cast<std::uint32_t>(value);
  const std::uint32_t sign = (f >> 16) & 0x8000u;
  const std::int32_t exponent = static_cast<std::int32_t>((f >> 23) & 0xff) - 127 + 15;
  std::uint32_t mantissa = f & 0x7fffffu;
  if (((f >> 23) & 0xff) == 0xff) return static_cast<std::uint16_t>(sign | 0x7c00u | (mantissa ? 0x200u : 0u));
  if (exponent >= 31) return static_cast<std::uint16_t>(sign | 0x7c00u);
  if (exponent <= 0) {
    if (exponent < -10) return static_cast<std::uint16_t>(sign);
    mantissa |= 0x800000u;
    const std::uint32_t shift = static_cast<std::uint32_t>(14 - exponent);
    std::uint32_t half = mantissa >> shift;
    const std::uint32_t rest = mantissa & ((1u << shift) - 1);
    const std::uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1u))) ++half;
    return static_cast<std::uint16_t>(sign | half);
  }
  std::uint32_t half = sign | (static_cast<std::uint32_t>(exponent) << 10) | (mantissa >> 13);
  const std::uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // may carry into the exponent: correct
  return static_cast<std::uint16_t>(half);
}

std::uint16_t to_bfloat16_bits(float value) {
  const std::uint32_t f = std::bit_cast<std::uint32_t>(value);
  if (std::isnan(value)) return static_cast<std::uint16_t>((f >> 16) | 0x40u);
  const std::uint32_t rounding = 0x7fffu + ((f >> 16) & 1u);
  return static_cast<std::uint16_t>((f + rounding) >> 16);
}

float from_half_bits(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  std::uint32_t exponent = (h >> 10) & 0x1fu;
  std::uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    if (mantissa == 0) return std::bit_cast<float>(sign);
    exponent = 127 - 15 + 1;  // subnormal: normalise
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      --exponent;
    }
    mantissa &= 0x3ffu;
    return std::bit_cast<float>(sign | (exponent << 23) | (mantissa << 13));
  }
  return std::bit_cast<float>(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
}

template <class T>
bool integer_fits(const Scalar& s) {
  if (s.is_float()) {
    return std::isfinite(s.floating) && s.floating >= static_cast<double>(std::numeric_limits<T>::min()) &&
           s.floating <= static_cast<double>(std::numeric_limits<T>::max());
  }
  if (is_signed(s.type)) {
    return std::in_range<T>(s.integer);
  }
  return std::in_range<T>(static_cast<std::uint64_t>(s.integer));
}

}  // namespace

std::vector<std::string_view> type_names() {
  std::vector<std::string_view> names;
  for (const auto& type : detail::scalar_types::kTable) names.push_back(type.name);
  return names;
}

std::optional<ScalarType> parse_type(std::string_view name) {
  const auto& table = detail::scalar_types::kTable;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].name == name) return static_cast<ScalarType>(i);
  }
  return std::nullopt;
}

std::string_view space_name(MemorySpace space) {
  switch (space) {
    case MemorySpace::device: return "device";
    case MemorySpace::host: return "host";
    case MemorySpace::managed: return "managed";
    case MemorySpace::pageable: return "pageable";
  }
  return "?";
}

std::optional<MemorySpace> parse_space(std::string_view name) {
  if (name == "device") return MemorySpace::device;
  if (name == "host") return MemorySpace::host;
  if (name == "managed") return MemorySpace::managed;
  if (name == "pageable") return MemorySpace::pageable;
  return std::nullopt;
}

double Scalar::as_double() const {
  if (is_float()) return floating;
  if (ir::is_signed(type)) return static_cast<double>(integer);
  return static_cast<double>(static_cast<std::uint64_t>(integer));
}

Scalar Scalar::convert(ScalarType to) const {
  to = component_type(to);
  if (ir::is_float(to)) {
    double v = as_double();
    if (to == ScalarType::f32 || to == ScalarType::f16 || to == ScalarType::bf16) v = static_cast<float>(v);
    return of_float(to, v);
  }
  std::int64_t bits = is_float() ? (ir::is_signed(to) ? static_cast<std::int64_t>(floating)
                                                      : static_cast<std::int64_t>(static_cast<std::uint64_t>(floating)))
                                 : integer;
  // Wrap to the target width like a C++ conversion.
  const std::size_t width = type_size(to) * 8;
  if (width < 64) {
    const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
    std::uint64_t u = static_cast<std::uint64_t>(bits) & mask;
    if (ir::is_signed(to) && (u >> (width - 1))) u |= ~mask;
    bits = static_cast<std::int64_t>(u);
  }
  return of_integer(to, bits);
}

bool Scalar::fits(ScalarType to) const {
  switch (component_type(to)) {
    case ScalarType::i8: return integer_fits<std::int8_t>(*this);
    case ScalarType::i16: return integer_fits<std::int16_t>(*this);
    case ScalarType::i32: return integer_fits<std::int32_t>(*this);
    case ScalarType::i64: return integer_fits<std::int64_t>(*this);
    case ScalarType::u8: return integer_fits<std::uint8_t>(*this);
    case ScalarType::u16: return integer_fits<std::uint16_t>(*this);
    case ScalarType::u32: return integer_fits<std::uint32_t>(*this);
    case ScalarType::u64: return integer_fits<std::uint64_t>(*this);
    case ScalarType::f16: return std::isfinite(as_double()) && std::fabs(as_double()) <= 65504.0;
    case ScalarType::bf16:
    case ScalarType::f32:
      return std::isfinite(as_double()) && std::fabs(as_double()) <= std::numeric_limits<float>::max();
    case ScalarType::f64: return std::isfinite(as_double());
    case ScalarType::c8: return integer_fits<signed char>(*this);
    default: return false;  // a vector: never its component
  }
}

std::array<std::byte, 8> Scalar::bytes() const {
  std::array<std::byte, 8> out{};
  auto put = [&out](auto value) { std::memcpy(out.data(), &value, sizeof(value)); };
  switch (type) {
    case ScalarType::f16: put(to_half_bits(static_cast<float>(floating))); break;
    case ScalarType::bf16: put(to_bfloat16_bits(static_cast<float>(floating))); break;
    case ScalarType::f32: put(static_cast<float>(floating)); break;
    case ScalarType::f64: put(floating); break;
    default: put(integer); break;  // little-endian: the low bytes are the narrower value
  }
  return out;
}

Scalar Scalar::from_bytes(ScalarType type, const void* data) {
  type = component_type(type);
  auto get = [data](auto value) {
    std::memcpy(&value, data, sizeof(value));
    return value;
  };
  switch (type) {
    case ScalarType::i8:
    case ScalarType::c8: return of_integer(type, get(std::int8_t{}));
    case ScalarType::i16: return of_integer(type, get(std::int16_t{}));
    case ScalarType::i32: return of_integer(type, get(std::int32_t{}));
    case ScalarType::i64: return of_integer(type, get(std::int64_t{}));
    case ScalarType::u8: return of_integer(type, get(std::uint8_t{}));
    case ScalarType::u16: return of_integer(type, get(std::uint16_t{}));
    case ScalarType::u32: return of_integer(type, get(std::uint32_t{}));
    case ScalarType::u64: return of_integer(type, static_cast<std::int64_t>(get(std::uint64_t{})));
    case ScalarType::f16: return of_float(type, from_half_bits(get(std::uint16_t{})));
    case ScalarType::bf16:
      return of_float(type, std::bit_cast<float>(static_cast<std::uint32_t>(get(std::uint16_t{})) << 16));
    case ScalarType::f32: return of_float(type, get(float{}));
    case ScalarType::f64: return of_float(type, get(double{}));
    default: return {};  // a vector: never its component
  }
}

std::string Scalar::text() const {
  if (!is_float()) {
    return ir::is_signed(type) ? fmt::format("{}", integer) : fmt::format("{}", static_cast<std::uint64_t>(integer));
  }
  if (type == ScalarType::f64) return fmt::format("{}", floating);
  return fmt::format("{}", static_cast<float>(floating));
}

}  // namespace graphc::ir

// Scalar types, memory spaces, and typed compile-time values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graphc/base/scalar_type.h"

namespace graphc::ir {

/// The language's types and their properties are the runtime's public ones
/// (graphc/base/scalar_type.h): one enum for the compiler and the runtime's API.
using graphc::component_type;
using graphc::cpp_type_name;
using graphc::is_float;
using graphc::is_signed;
using graphc::is_vector;
using graphc::lanes;
using graphc::ScalarType;
using graphc::type_alignment;
using graphc::type_name;
using graphc::type_size;

std::optional<ScalarType> parse_type(std::string_view name);
/// Every type's language name, scalars first (for "did you mean").
std::vector<std::string_view> type_names();

/// Where a buffer lives. device: cudaMalloc; host: pinned, cudaMallocHost; managed:
/// cudaMallocManaged; pageable: ordinary host memory (malloc), which only copies reach.
enum class MemorySpace : std::uint8_t { device, host, managed, pageable };
std::string_view space_name(MemorySpace space);
std::optional<MemorySpace> parse_space(std::string_view name);

/// A typed compile-time value. Integers are held in `integer` (unsigned values as their
/// two's-complement bits), floating values in `floating`.
struct Scalar {
  ScalarType type = ScalarType::i32;
  std::int64_t integer = 0;
  double floating = 0.0;

  static Scalar of_integer(ScalarType type, std::int64_t value) { return {type, value, 0.0}; }
  static Scalar of_float(ScalarType type, double value) { return {type, 0, value}; }

  bool is_float() const { return ir::is_float(type); }
  /// The value as a double (for unsigned types, the unsigned value).
  double as_double() const;
  /// Converts to another type with C++ conversion rules (float->int truncates); to a vector
  /// type: to its component (a value of every lane).
  Scalar convert(ScalarType to) const;
  /// Whether the value is exactly representable in `to`'s range (integers) or finite (floats);
  /// of a vector type, its component's.
  bool fits(ScalarType to) const;
  /// The value's bytes in `type`'s little-endian representation (f16/bf16 rounded to
  /// nearest even); the first type_size(type) bytes are meaningful.
  std::array<std::byte, 8> bytes() const;
  /// The inverse of bytes(): reads one value of `type` from its representation at `data`
  /// (type_size(type) bytes); of a vector type, its first lane.
  static Scalar from_bytes(ScalarType type, const void* data);
  /// The value as shortest round-trip text, without a type suffix ("2", "0.5", "-3").
  std::string text() const;

  friend bool operator==(const Scalar&, const Scalar&) = default;
};

}  // namespace graphc::ir

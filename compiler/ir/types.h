// Scalar types, memory spaces, and typed compile-time values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace graphc::ir {

/// The element and scalar types of the language: i8 ... f64, as CUDA C++ types, and `char`
/// (c8): C++ `char`, a type of its own in C++ that neither i8 (`signed char`) nor u8
/// (`unsigned char`) converts to as a pointer. Its values are those of a signed 8-bit
/// integer, as on the x86-64 hosts CUDA targets.
enum class ScalarType : std::uint8_t { i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c8 };

/// "f32", "u64", ...
std::string_view type_name(ScalarType type);
/// The CUDA C++ spelling: "float", "__half", "__nv_bfloat16", "std::int32_t", ...
std::string_view cpp_type_name(ScalarType type);
/// Size in bytes (1, 2, 4 or 8).
std::size_t type_size(ScalarType type);
bool is_float(ScalarType type);
bool is_signed(ScalarType type);
std::optional<ScalarType> parse_type(std::string_view name);

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
  /// Converts to another type with C++ conversion rules (float->int truncates).
  Scalar convert(ScalarType to) const;
  /// Whether the value is exactly representable in `to`'s range (integers) or finite (floats).
  bool fits(ScalarType to) const;
  /// The value's bytes in `type`'s little-endian representation (f16/bf16 rounded to
  /// nearest even); the first type_size(type) bytes are meaningful.
  std::array<std::byte, 8> bytes() const;
  /// The inverse of bytes(): reads one value of `type` from its representation at `data`
  /// (type_size(type) bytes).
  static Scalar from_bytes(ScalarType type, const void* data);
  /// The value as shortest round-trip text, without a type suffix ("2", "0.5", "-3").
  std::string text() const;

  friend bool operator==(const Scalar&, const Scalar&) = default;
};

}  // namespace graphc::ir

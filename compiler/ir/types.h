// Scalar types, memory spaces, and typed compile-time values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace graphc::ir {

/// The types of the language.
/// - Scalars: i8 ... f64, as CUDA C++ types, and `char` (c8): C++ `char`, a type of its own
///   in C++ that neither i8 (`signed char`) nor u8 (`unsigned char`) converts to as a
///   pointer. Its values are those of a signed 8-bit integer, as on the x86-64 hosts CUDA
///   targets. Scalars are the types of params, consts, values and struct fields.
/// - CUDA's vector types (vector_types.h, cuda_fp16.h, cuda_bf16.h), by CUDA's names:
///   char2 ... double3, of 2, 3 or 4 lanes of a scalar component, laid out as CUDA lays them
///   out (float2: 8 bytes aligned to 8; float3: 12 bytes aligned to 4; float4: 16 aligned to
///   16). They are element types of buffers, views and allocs, and the types of aggregate
///   kernel arguments `float4{x, y, z, w}` and of params (`param tint : float4`); no value or
///   const has one. The 4-lane
///   64-bit types CUDA 13 deprecates (double4, longlong4) and the 1-lane ones are not among
///   them.
enum class ScalarType : std::uint8_t {
  i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c8,
  char2, char3, char4, uchar2, uchar3, uchar4, short2, short3, short4, ushort2, ushort3, ushort4,
  int2, int3, int4, uint2, uint3, uint4, longlong2, longlong3, ulonglong2, ulonglong3,
  float2, float3, float4, double2, double3, half2, nv_bfloat162,
};

/// "f32", "u64", "float4", ...
std::string_view type_name(ScalarType type);
/// The CUDA C++ spelling: "float", "__half", "__nv_bfloat16", "std::int32_t", "float4",
/// "__half2", ...
std::string_view cpp_type_name(ScalarType type);
/// Size in bytes: 1, 2, 4 or 8 for a scalar; lanes * the component's for a vector (16 for
/// float4, 12 for float3).
std::size_t type_size(ScalarType type);
/// Alignment in bytes: a scalar's size; a vector's as CUDA declares it (its size for 2 and 4
/// lanes, its component's for 3).
std::size_t type_alignment(ScalarType type);
/// Whether the type is one of CUDA's vector types.
bool is_vector(ScalarType type);
/// The scalar type of a vector's lanes (f32 for float4, f16 for half2); a scalar's own.
ScalarType component_type(ScalarType type);
/// The number of lanes: 2, 3 or 4 for a vector, 1 for a scalar.
std::size_t lanes(ScalarType type);
/// Of a vector, its component's.
bool is_float(ScalarType type);
bool is_signed(ScalarType type);
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

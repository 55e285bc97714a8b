// graphc::ScalarType: the graph language's scalar and vector types, with their names,
// sizes and alignments. Header-only and CUDA-free: the runtime's API names types by it
// (Instance::set, CaptureArgs), and the compiler's IR uses the same enum (ir/types.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace graphc {

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
///   const has one. The 4-lane 64-bit types CUDA 13 deprecates (double4, longlong4) and the
///   1-lane ones are not among them.
// clang-format off
enum class ScalarType : std::uint8_t {
  i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, c8,
  char2, char3, char4, uchar2, uchar3, uchar4, short2, short3, short4, ushort2, ushort3, ushort4,
  int2, int3, int4, uint2, uint3, uint4, longlong2, longlong3, ulonglong2, ulonglong3,
  float2, float3, float4, double2, double3, half2, nv_bfloat162,
};
// clang-format on

/// The type table (the functions below read it).
namespace detail::scalar_types {

/// One row of the type table.
struct ScalarTypeInfo {
  std::string_view name;  // the language's: "f32", "float4"
  std::string_view cpp;   // CUDA C++'s: "float", "std::int32_t", "__half2"
  std::size_t size;       // bytes
  bool floating;
  bool is_signed;
  ScalarType component;   // a scalar's own type
  std::size_t lanes;      // 1 for a scalar
  std::size_t alignment;  // bytes
};

constexpr ScalarTypeInfo scalar_info(std::string_view name, std::string_view cpp, std::size_t size, bool floating,
                                     bool is_signed, ScalarType self) {
  return {name, cpp, size, floating, is_signed, self, 1, size};
}

// CUDA's rule (vector_types.h): 2 and 4 lanes are aligned to their size, 3 lanes to their
// component.
constexpr ScalarTypeInfo vector_info(std::string_view name, std::string_view cpp, const ScalarTypeInfo& component,
                                     std::size_t lanes) {
  const std::size_t size = component.size * lanes;
  const std::size_t alignment = lanes == 3 ? component.size : size;
  return {name, cpp, size, component.floating, component.is_signed, component.component, lanes, alignment};
}

inline constexpr ScalarTypeInfo kI8 = scalar_info("i8", "std::int8_t", 1, false, true, ScalarType::i8);
inline constexpr ScalarTypeInfo kI16 = scalar_info("i16", "std::int16_t", 2, false, true, ScalarType::i16);
inline constexpr ScalarTypeInfo kI32 = scalar_info("i32", "std::int32_t", 4, false, true, ScalarType::i32);
inline constexpr ScalarTypeInfo kI64 = scalar_info("i64", "std::int64_t", 8, false, true, ScalarType::i64);
inline constexpr ScalarTypeInfo kU8 = scalar_info("u8", "std::uint8_t", 1, false, false, ScalarType::u8);
inline constexpr ScalarTypeInfo kU16 = scalar_info("u16", "std::uint16_t", 2, false, false, ScalarType::u16);
inline constexpr ScalarTypeInfo kU32 = scalar_info("u32", "std::uint32_t", 4, false, false, ScalarType::u32);
inline constexpr ScalarTypeInfo kU64 = scalar_info("u64", "std::uint64_t", 8, false, false, ScalarType::u64);
inline constexpr ScalarTypeInfo kF16 = scalar_info("f16", "__half", 2, true, true, ScalarType::f16);
inline constexpr ScalarTypeInfo kBF16 = scalar_info("bf16", "__nv_bfloat16", 2, true, true, ScalarType::bf16);
inline constexpr ScalarTypeInfo kF32 = scalar_info("f32", "float", 4, true, true, ScalarType::f32);
inline constexpr ScalarTypeInfo kF64 = scalar_info("f64", "double", 8, true, true, ScalarType::f64);

/// Every type, in ScalarType's order.
// clang-format off
inline constexpr std::array<ScalarTypeInfo, 42> kTable = {{
    kI8, kI16, kI32, kI64, kU8, kU16, kU32, kU64, kF16, kBF16, kF32, kF64,
    scalar_info("char", "char", 1, false, true, ScalarType::c8),
    vector_info("char2", "char2", kI8, 2), vector_info("char3", "char3", kI8, 3), vector_info("char4", "char4", kI8, 4),
    vector_info("uchar2", "uchar2", kU8, 2), vector_info("uchar3", "uchar3", kU8, 3),
    vector_info("uchar4", "uchar4", kU8, 4),
    vector_info("short2", "short2", kI16, 2), vector_info("short3", "short3", kI16, 3),
    vector_info("short4", "short4", kI16, 4),
    vector_info("ushort2", "ushort2", kU16, 2), vector_info("ushort3", "ushort3", kU16, 3),
    vector_info("ushort4", "ushort4", kU16, 4),
    vector_info("int2", "int2", kI32, 2), vector_info("int3", "int3", kI32, 3), vector_info("int4", "int4", kI32, 4),
    vector_info("uint2", "uint2", kU32, 2), vector_info("uint3", "uint3", kU32, 3), vector_info("uint4", "uint4", kU32, 4),
    vector_info("longlong2", "longlong2", kI64, 2), vector_info("longlong3", "longlong3", kI64, 3),
    vector_info("ulonglong2", "ulonglong2", kU64, 2), vector_info("ulonglong3", "ulonglong3", kU64, 3),
    vector_info("float2", "float2", kF32, 2), vector_info("float3", "float3", kF32, 3),
    vector_info("float4", "float4", kF32, 4),
    vector_info("double2", "double2", kF64, 2), vector_info("double3", "double3", kF64, 3),
    vector_info("half2", "__half2", kF16, 2), vector_info("nv_bfloat162", "__nv_bfloat162", kBF16, 2),
}};
// clang-format on
static_assert(kTable.size() == static_cast<std::size_t>(ScalarType::nv_bfloat162) + 1);

constexpr const ScalarTypeInfo& info(ScalarType type) { return kTable[static_cast<std::size_t>(type)]; }

}  // namespace detail::scalar_types

/// The language's name: "f32", "u64", "float4", ...
constexpr std::string_view type_name(ScalarType type) { return detail::scalar_types::info(type).name; }
/// The CUDA C++ spelling: "float", "__half", "__nv_bfloat16", "std::int32_t", "float4",
/// "__half2", ...
constexpr std::string_view cpp_type_name(ScalarType type) { return detail::scalar_types::info(type).cpp; }
/// Size in bytes: 1, 2, 4 or 8 for a scalar; lanes * the component's for a vector (16 for
/// float4, 12 for float3).
constexpr std::size_t type_size(ScalarType type) { return detail::scalar_types::info(type).size; }
/// Alignment in bytes: a scalar's size; a vector's as CUDA declares it (its size for 2 and 4
/// lanes, its component's for 3).
constexpr std::size_t type_alignment(ScalarType type) { return detail::scalar_types::info(type).alignment; }
/// Whether the type is one of CUDA's vector types.
constexpr bool is_vector(ScalarType type) { return detail::scalar_types::info(type).lanes > 1; }
/// The scalar type of a vector's lanes (f32 for float4, f16 for half2); a scalar's own.
constexpr ScalarType component_type(ScalarType type) { return detail::scalar_types::info(type).component; }
/// The number of lanes: 2, 3 or 4 for a vector, 1 for a scalar.
constexpr std::size_t lanes(ScalarType type) { return detail::scalar_types::info(type).lanes; }
/// Of a vector, its component's.
constexpr bool is_float(ScalarType type) { return detail::scalar_types::info(type).floating; }
constexpr bool is_signed(ScalarType type) { return detail::scalar_types::info(type).is_signed; }

}  // namespace graphc

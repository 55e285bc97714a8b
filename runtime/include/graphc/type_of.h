// The graph language's type of a C++ type, for the runtime's typed API
// (Instance::set, the arguments a capture function receives).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <vector_types.h>

#include <cstddef>
#include <tuple>
#include <type_traits>

#include "graphc/base/scalar_type.h"

namespace graphc::detail {

/// The graph language's type of a C++ scalar type: float -> f32, double -> f64, and the
/// integer types by size and signedness (int -> i32, long long -> i64, ...), and char -> char
/// (c8). bool and the wide character types are not scalars of the language.
template <class T>
constexpr ScalarType scalar_type_of() {
  using ST = ScalarType;
  if constexpr (std::is_same_v<T, float>) {
    return ST::f32;
  } else if constexpr (std::is_same_v<T, double>) {
    return ST::f64;
  } else if constexpr (std::is_same_v<T, char>) {
    return ST::c8;
  } else {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, wchar_t> &&
                      !std::is_same_v<T, char8_t> && !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t>,
                  "a param's C++ type is float, double, char, a sized integer type, __half, "
                  "__nv_bfloat16 or one of CUDA's vector types (float4, int2, ...)");
    constexpr bool s = std::is_signed_v<T>;
    if constexpr (sizeof(T) == 1) return s ? ST::i8 : ST::u8;
    if constexpr (sizeof(T) == 2) return s ? ST::i16 : ST::u16;
    if constexpr (sizeof(T) == 4) return s ? ST::i32 : ST::u32;
    if constexpr (sizeof(T) == 8) return s ? ST::i64 : ST::u64;
  }
}

/// CUDA's vector types, in ScalarType's order from char2.
using VectorTypes = std::tuple<char2, char3, char4, uchar2, uchar3, uchar4, short2, short3, short4, ushort2, ushort3,
                               ushort4, int2, int3, int4, uint2, uint3, uint4, longlong2, longlong3, ulonglong2,
                               ulonglong3, float2, float3, float4, double2, double3, __half2, __nv_bfloat162>;
static_assert(std::tuple_size_v<VectorTypes> ==
              static_cast<std::size_t>(ScalarType::nv_bfloat162) - static_cast<std::size_t>(ScalarType::char2) + 1);

/// T's index in VectorTypes; the tuple's size when T is not a vector type.
template <class T, std::size_t I = 0>
constexpr std::size_t vector_index() {
  if constexpr (I == std::tuple_size_v<VectorTypes>) {
    return I;
  } else if constexpr (std::is_same_v<T, std::tuple_element_t<I, VectorTypes>>) {
    return I;
  } else {
    return vector_index<T, I + 1>();
  }
}

/// The element type of a buffer seen as `T*`, and the type of a param Instance::set gives a
/// T: scalar_type_of<T>, and __half -> f16, __nv_bfloat16 -> bf16, and CUDA's vector types
/// by their names (float4 -> float4, __half2 -> half2).
template <class T>
constexpr ScalarType element_type_of() {
  if constexpr (std::is_same_v<T, __half>) {
    return ScalarType::f16;
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return ScalarType::bf16;
  } else if constexpr (vector_index<T>() < std::tuple_size_v<VectorTypes>) {
    return static_cast<ScalarType>(static_cast<std::size_t>(ScalarType::char2) + vector_index<T>());
  } else {
    return scalar_type_of<T>();
  }
}

}  // namespace graphc::detail

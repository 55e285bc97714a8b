#include <catch2/catch.hpp>

#include <cstring>

#include "graphc/type_of.h"
#include "resources/buffers.h"

namespace graphc::detail {
namespace {

ir::Buffer buffer_of(ir::ScalarType type, std::uint64_t count, ir::BufferInit::Kind kind,
                     std::vector<ir::Scalar> values) {
  ir::Buffer buffer;
  buffer.type = type;
  buffer.count_value = count;
  buffer.init.kind = kind;
  buffer.init.folded = std::move(values);
  return buffer;
}

template <class T>
std::vector<T> as(const std::vector<std::byte>& bytes) {
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

using ST = ir::ScalarType;
using Kind = ir::BufferInit::Kind;

TEST_CASE("initial_contents: none, fill, iota and list, in the buffer's element type", "[runtime]") {
  CHECK(initial_contents(buffer_of(ST::f32, 4, Kind::none, {})).empty());
  CHECK(as<float>(initial_contents(buffer_of(ST::f32, 3, Kind::fill, {ir::Scalar::of_float(ST::f32, 0.5)}))) ==
        std::vector<float>{0.5f, 0.5f, 0.5f});
  CHECK(as<std::int16_t>(initial_contents(buffer_of(ST::i16, 4, Kind::iota, {ir::Scalar::of_integer(ST::i16, -1)}))) ==
        std::vector<std::int16_t>{-1, 0, 1, 2});
  CHECK(as<double>(initial_contents(buffer_of(ST::f64, 3, Kind::iota, {ir::Scalar::of_float(ST::f64, 0.25)}))) ==
        std::vector<double>{0.25, 1.25, 2.25});
  CHECK(as<std::uint8_t>(initial_contents(buffer_of(ST::u8, 3, Kind::iota, {ir::Scalar::of_integer(ST::u8, 254)}))) ==
        std::vector<std::uint8_t>{254, 255, 0});  // wraps like the C++ type
  CHECK(as<std::uint64_t>(initial_contents(buffer_of(
            ST::u64, 2, Kind::list, {ir::Scalar::of_integer(ST::u64, 7), ir::Scalar::of_integer(ST::u64, -1)}))) ==
        std::vector<std::uint64_t>{7, UINT64_MAX});
  // f16: 1.0 is 0x3c00, 2.0 is 0x4000.
  CHECK(as<std::uint16_t>(initial_contents(buffer_of(ST::f16, 2, Kind::iota, {ir::Scalar::of_float(ST::f16, 1.0)}))) ==
        std::vector<std::uint16_t>{0x3c00, 0x4000});
}

TEST_CASE("initial_contents: a vector buffer's lanes in memory order", "[runtime]") {
  // float2[2] = {1, 2, 3, 4}: two elements of two lanes; iota counts over the lanes.
  CHECK(as<float>(initial_contents(buffer_of(ST::float2, 2, Kind::list,
                                             {ir::Scalar::of_float(ST::f32, 1), ir::Scalar::of_float(ST::f32, 2),
                                              ir::Scalar::of_float(ST::f32, 3), ir::Scalar::of_float(ST::f32, 4)}))) ==
        std::vector<float>{1, 2, 3, 4});
  CHECK(as<std::int32_t>(initial_contents(buffer_of(ST::int3, 2, Kind::iota, {ir::Scalar::of_integer(ST::i32, 10)}))) ==
        std::vector<std::int32_t>{10, 11, 12, 13, 14, 15});
  CHECK(as<std::uint8_t>(initial_contents(buffer_of(ST::uchar4, 2, Kind::fill, {ir::Scalar::of_integer(ST::u8, 7)}))) ==
        std::vector<std::uint8_t>(8, 7));
  // half2: 0.5 is 0x3800 in every lane.
  CHECK(
      as<std::uint16_t>(initial_contents(buffer_of(ST::half2, 1, Kind::fill, {ir::Scalar::of_float(ST::f16, 0.5)}))) ==
      std::vector<std::uint16_t>{0x3800, 0x3800});
}

// A capture function's `float4*` and `__half2*` parameters match buffers of those types.
static_assert(element_type_of<float4>() == ST::float4);
static_assert(element_type_of<__half2>() == ST::half2);
static_assert(element_type_of<uchar3>() == ST::uchar3);
static_assert(element_type_of<__nv_bfloat162>() == ST::nv_bfloat162);
static_assert(element_type_of<float>() == ST::f32);

}  // namespace
}  // namespace graphc::detail

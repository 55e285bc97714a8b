#include <catch2/catch.hpp>

#include <cstring>

#include "ir/types.h"

using namespace graphc::ir;

namespace {
template <class T>
T read(const Scalar& s) {
  T value;
  const auto bytes = s.bytes();
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}
}  // namespace

TEST_CASE("type names, sizes and C++ spellings", "[ir]") {
  CHECK(parse_type("bf16") == ScalarType::bf16);
  CHECK_FALSE(parse_type("f128").has_value());
  CHECK(type_size(ScalarType::f16) == 2);
  CHECK(type_size(ScalarType::u64) == 8);
  CHECK(cpp_type_name(ScalarType::f32) == "float");
  CHECK(is_signed(ScalarType::i8));
  CHECK_FALSE(is_signed(ScalarType::u8));
  CHECK(parse_type("char") == ScalarType::c8);
  CHECK(cpp_type_name(ScalarType::c8) == "char");
  CHECK(type_size(ScalarType::c8) == 1);
  CHECK(parse_space("host") == MemorySpace::host);
}

TEST_CASE("CUDA's vector types: sizes, alignments and lanes as vector_types.h declares them", "[ir]") {
  CHECK(parse_type("float4") == ScalarType::float4);
  CHECK(cpp_type_name(ScalarType::half2) == "__half2");
  CHECK(cpp_type_name(ScalarType::nv_bfloat162) == "__nv_bfloat162");
  CHECK(type_size(ScalarType::float4) == 16);
  CHECK(type_alignment(ScalarType::float4) == 16);
  CHECK(type_size(ScalarType::float3) == 12);
  CHECK(type_alignment(ScalarType::float3) == 4);
  CHECK(type_alignment(ScalarType::int2) == 8);
  CHECK(type_alignment(ScalarType::short4) == 8);
  CHECK(type_alignment(ScalarType::char3) == 1);
  CHECK(type_size(ScalarType::double2) == 16);
  CHECK(type_alignment(ScalarType::double3) == 8);
  CHECK(lanes(ScalarType::uchar4) == 4);
  CHECK(lanes(ScalarType::f32) == 1);
  CHECK(component_type(ScalarType::uchar4) == ScalarType::u8);
  CHECK(component_type(ScalarType::char2) == ScalarType::i8);
  CHECK(component_type(ScalarType::half2) == ScalarType::f16);
  CHECK(is_vector(ScalarType::longlong2));
  CHECK_FALSE(is_vector(ScalarType::c8));
  CHECK(is_float(ScalarType::float2));
  CHECK_FALSE(is_signed(ScalarType::uint3));
  // Not among them: 1 lane, `long` (the host's size), and the 4-lane 64-bit types CUDA 13
  // deprecates.
  CHECK_FALSE(parse_type("float1").has_value());
  CHECK_FALSE(parse_type("long2").has_value());
  CHECK_FALSE(parse_type("double4").has_value());
  // A value converted to a vector type is a value of its component, for each lane.
  CHECK(Scalar::of_integer(ScalarType::i32, 300).convert(ScalarType::uchar4).type == ScalarType::u8);
  CHECK_FALSE(Scalar::of_integer(ScalarType::i32, 300).fits(ScalarType::uchar4));
  CHECK(Scalar::of_integer(ScalarType::i32, 255).fits(ScalarType::uchar4));
  CHECK_FALSE(parse_space("shared").has_value());
}

TEST_CASE("scalar conversion follows C++ rules", "[ir]") {
  CHECK(Scalar::of_integer(ScalarType::i32, 300).convert(ScalarType::u8).integer == 44);
  CHECK(Scalar::of_integer(ScalarType::i32, -1).convert(ScalarType::u32).integer == 0xffffffffLL);
  CHECK(Scalar::of_integer(ScalarType::i32, 255).convert(ScalarType::i8).integer == -1);
  CHECK(Scalar::of_float(ScalarType::f64, 2.75).convert(ScalarType::i32).integer == 2);
  CHECK(Scalar::of_float(ScalarType::f64, 0.1).convert(ScalarType::f32).floating == double(0.1f));
}

TEST_CASE("fits checks ranges", "[ir]") {
  CHECK(Scalar::of_integer(ScalarType::i32, 255).fits(ScalarType::u8));
  CHECK_FALSE(Scalar::of_integer(ScalarType::i32, 256).fits(ScalarType::u8));
  CHECK(Scalar::of_integer(ScalarType::i32, -128).fits(ScalarType::c8));
  CHECK_FALSE(Scalar::of_integer(ScalarType::i32, 128).fits(ScalarType::c8));
  CHECK(Scalar::of_integer(ScalarType::i32, 200).convert(ScalarType::c8).integer == -56);
  CHECK_FALSE(Scalar::of_integer(ScalarType::i32, -1).fits(ScalarType::u32));
  CHECK(Scalar::of_integer(ScalarType::u64, -1).fits(ScalarType::u64));  // bits of UINT64_MAX
  CHECK_FALSE(Scalar::of_integer(ScalarType::u64, -1).fits(ScalarType::i64));
  CHECK_FALSE(Scalar::of_float(ScalarType::f64, 1e300).fits(ScalarType::f32));
  CHECK_FALSE(Scalar::of_float(ScalarType::f64, 70000).fits(ScalarType::f16));
}

TEST_CASE("bytes give each type's representation", "[ir]") {
  CHECK(read<float>(Scalar::of_float(ScalarType::f32, 2.5)) == 2.5f);
  CHECK(read<double>(Scalar::of_float(ScalarType::f64, -0.125)) == -0.125);
  CHECK(read<std::int16_t>(Scalar::of_integer(ScalarType::i16, -2)) == -2);
  CHECK(read<std::uint16_t>(Scalar::of_float(ScalarType::f16, 1.0)) == 0x3c00);
  CHECK(read<std::uint16_t>(Scalar::of_float(ScalarType::f16, -2.0)) == 0xc000);
  CHECK(read<std::uint16_t>(Scalar::of_float(ScalarType::f16, 65504.0)) == 0x7bff);
  CHECK(read<std::uint16_t>(Scalar::of_float(ScalarType::bf16, 1.0)) == 0x3f80);
  CHECK(read<std::uint16_t>(Scalar::of_float(ScalarType::bf16, 3.140625)) == 0x4049);
}

TEST_CASE("text is the shortest round trip", "[ir]") {
  CHECK(Scalar::of_float(ScalarType::f32, 0.1f).text() == "0.1");
  CHECK(Scalar::of_float(ScalarType::f64, 2.0).text() == "2");
  CHECK(Scalar::of_integer(ScalarType::u64, -1).text() == "18446744073709551615");
  CHECK(Scalar::of_integer(ScalarType::i32, -7).text() == "-7");
}

TEST_CASE("from_bytes inverts bytes for every type", "[ir]") {
  const Scalar values[] = {
      Scalar::of_integer(ScalarType::i8, -5),       Scalar::of_integer(ScalarType::u16, 65535),
      Scalar::of_integer(ScalarType::i32, -70000),  Scalar::of_integer(ScalarType::u64, -1),
      Scalar::of_float(ScalarType::f16, -1.5),      Scalar::of_float(ScalarType::f16, 0.000061035156),
      Scalar::of_float(ScalarType::bf16, 3.140625), Scalar::of_float(ScalarType::f32, 0.1f),
      Scalar::of_float(ScalarType::f64, 1e-300),
  };
  for (const Scalar& v : values) {
    const auto bytes = v.bytes();
    const Scalar back = Scalar::from_bytes(v.type, bytes.data());
    CHECK(back.type == v.type);
    CHECK(back.text() == v.text());
  }
  const std::uint16_t subnormal = 0x0001;  // smallest f16 subnormal, 2^-24
  CHECK(Scalar::from_bytes(ScalarType::f16, &subnormal).floating == 5.9604644775390625e-08);
}

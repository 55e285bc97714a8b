// CUDA's vector types (data/vectors.graph and its YAML form, data/vector_kernels.cu) on both
// paths: float4 points from a host buffer whose iota counts over the lanes, float2 / int2 /
// half2 arguments by value (the runtime packs their lanes, the generated code constructs
// CUDA's types by name), memset nodes that set every lane of uchar4 and half2 buffers and of
// a box of a pitched uchar4 image, and a float4 view of an f32 buffer. A param in a lane is
// updated by Instance::set and set_sx(), a float4 param by Instance::set, set_from_text and
// set_tint() (a half2 param passes its default), and a float2 buffer is given new memory by
// Instance::bind and rebind_mixed(). Every result is checked against a CPU reference.
#include <catch2/catch.hpp>

#include <cuda_fp16.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "vectors.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::vectors;

constexpr std::size_t kN = 1000;

// What one launch leaves in the buffers, lane by lane.
struct Results {
  std::vector<float> mixed;          // float2 lanes
  std::vector<std::uint8_t> rgba;    // uchar4 lanes
  std::vector<std::uint16_t> pairs;  // half2 lanes, as IEEE half bits
  std::vector<float> scaled;
  std::vector<std::uint8_t> image;  // uchar4[4][16] lanes, dense
  std::vector<float> tinted;        // float4 lanes
  friend bool operator==(const Results&, const Results&) = default;
};

constexpr std::array<float, 4> kDefaultTint = {1.0f, 0.5f, 2.0f, 4.0f};  // the graph's float4{1, 0.5f, 2, 4}

Results expected(float sx, std::array<float, 4> tint = kDefaultTint) {
  Results r{std::vector<float>(2 * kN), std::vector<std::uint8_t>(4 * kN),        std::vector<std::uint16_t>(2 * kN),
            std::vector<float>(4 * kN), std::vector<std::uint8_t>(4 * 16 * 4, 9), std::vector<float>(4 * kN)};
  for (std::size_t i = 0; i < kN; ++i) {
    const std::array<float, 4> p = {static_cast<float>(4 * i), static_cast<float>(4 * i + 1),
                                    static_cast<float>(4 * i + 2), static_cast<float>(4 * i + 3)};
    r.mixed[2 * i] = p[0] * sx + p[3] * 0.5f;  // exact: small integers and halves
    r.mixed[2 * i + 1] = p[1] * sx + p[2] * 0.5f;
    r.rgba[4 * i] = static_cast<std::uint8_t>((4 * i) % 256);
    r.rgba[4 * i + 1] = static_cast<std::uint8_t>((4 * i + 1) % 7);
    r.rgba[4 * i + 2] = static_cast<std::uint8_t>((4 * i + 2) % 256);
    r.rgba[4 * i + 3] = 200;      // the memset's, kept by the kernel
    r.pairs[2 * i] = 0x3e00;      // 1.0 + 0.5 = 1.5 (param step, half2{0.5f, 2.0f})
    r.pairs[2 * i + 1] = 0x4200;  // 1.0 + 2.0 = 3.0
    for (std::size_t lane = 0; lane < 4; ++lane) r.tinted[4 * i + lane] = p[lane] * tint[lane];  // exact
  }
  for (std::size_t j = 0; j < 4 * kN; ++j) r.scaled[j] = 3.0f * static_cast<float>(j + 1);
  for (std::size_t row = 1; row < 3; ++row) {  // the patch: rows 1-2, columns 2-5, every lane
    for (std::size_t lane = 4 * 2; lane < 4 * 6; ++lane) r.image[row * 16 * 4 + lane] = 77;
  }
  return r;
}

Results results(const void* mixed, const void* rgba, const void* pairs, const void* scaled, const void* image,
                const void* tinted) {
  return {read<float>(mixed, 2 * kN),  read<std::uint8_t>(rgba, 4 * kN),      read<std::uint16_t>(pairs, 2 * kN),
          read<float>(scaled, 4 * kN), read<std::uint8_t>(image, 4 * 16 * 4), read<float>(tinted, 4 * kN)};
}

TEST_CASE("the runtime passes vector types by value, sets every lane and reads through a float4 view",
          "[runtime][gpu]") {
  const std::string file = GENERATE(std::string("vectors.graph"), std::string("vectors.yaml"));
  INFO(file);
  Program program = Program::load(data_dir() + "/" + file);
  Instance instance = program.instantiate("vectors");
  CHECK(instance.buffer_bytes("points") == kN * sizeof(float4));
  CHECK(instance.buffer_pitch("image") >= 16 * sizeof(uchar4));
  const auto current = [&](const void* mixed) {
    return results(mixed, instance.buffer("rgba"), instance.buffer("pairs"), instance.buffer("scaled"),
                   instance.buffer("image_out"), instance.buffer("tinted"));
  };
  instance.launch();
  CHECK(current(instance.buffer("mixed")) == expected(2.0f));

  instance.set("sx", 5.0f);  // the first lane of float2{sx, 0.5f}
  instance.launch();
  CHECK(current(instance.buffer("mixed")) == expected(5.0f));

  graphc::Allocation<float2> mixed2(kN, MemorySpace::device, "mixed2");
  instance.bind("mixed", mixed2.get(), kN * sizeof(float2));
  instance.launch();
  CHECK(current(mixed2.get()) == expected(5.0f));

  instance.set("tint", make_float4(2.0f, 3.0f, 0.25f, -1.0f));  // the float4 param, whole
  instance.launch();
  CHECK(current(mixed2.get()) == expected(5.0f, {2.0f, 3.0f, 0.25f, -1.0f}));

  instance.set_from_text("tint", "0.5, -2, 1, 8");
  instance.launch();
  CHECK(current(mixed2.get()) == expected(5.0f, {0.5f, -2.0f, 1.0f, 8.0f}));

  // Refused, and nothing changes: another vector type (R0012), three lanes of four (R0014).
  CHECK_THROWS_WITH(instance.set("tint", make_float2(1.0f, 2.0f)), Catch::Contains("R0012"));
  CHECK_THROWS_WITH(instance.set_from_text("tint", "1, 2, 3"), Catch::Contains("R0014"));
  instance.launch();
  CHECK(current(mixed2.get()) == expected(5.0f, {0.5f, -2.0f, 1.0f, 8.0f}));
}

TEST_CASE("generated code constructs CUDA's vector types, and set_sx, set_tint and rebind_mixed reach them",
          "[codegen][gpu]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  static_assert(std::is_same_v<decltype(b.points), float4*>);
  static_assert(std::is_same_v<decltype(b.pairs), __half2*>);
  static_assert(std::is_same_v<decltype(b.tint), float4>);
  static_assert(std::is_same_v<decltype(b.step), __half2>);
  const auto current = [&](const void* mixed) {
    return results(mixed, b.rgba, b.pairs, b.scaled, b.image_out, b.tinted);
  };
  g.launch(nullptr);
  CHECK(current(b.mixed) == expected(2.0f));

  g.set_sx(5.0f);
  g.launch(nullptr);
  CHECK(current(b.mixed) == expected(5.0f));

  graphc::Allocation<float2> mixed2(kN, MemorySpace::device, "mixed2");
  g.rebind_mixed(mixed2.get(), kN);
  g.launch(nullptr);
  CHECK(current(mixed2.get()) == expected(5.0f));

  g.set_tint(make_float4(2.0f, 3.0f, 0.25f, -1.0f));
  g.launch(nullptr);
  CHECK(current(mixed2.get()) == expected(5.0f, {2.0f, 3.0f, 0.25f, -1.0f}));
}

}  // namespace
}  // namespace graphc::test

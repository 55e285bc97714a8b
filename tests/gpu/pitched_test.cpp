// 2-D pitched memory on both paths (data/pitched.graph; the runtime also loads its YAML
// form, pitched.yaml): a dense pinned image uploaded into a pitched device image by a 2-D
// copy, scale_add_2d given the image and `pitch(img)`, a box cleared by a 2-D memset to a
// param's value, a box cropped device to device into a second pitched image and copied
// back, and the whole image copied back; every result against a CPU reference, including
// that the memset wrote only its box, before and after the params change (Instance::set,
// set_NAME). The runtime path also runs on pitched memory the caller allocated
// (Bindings::pitched) and refuses a short pitch (R0058) and Instance::bind of a 2-D buffer
// (R0059).
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "pitched.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::pitched;

constexpr std::size_t kW = 40;  // the graph's W and H
constexpr std::size_t kH = 24;
constexpr std::size_t kTileW = 16;  // tile: img[1:8, 2:16]
constexpr std::size_t kTileH = 8;

// Row-major kH x kW: r * 100 + c, exact in floats.
std::vector<float> input_image() {
  std::vector<float> image(kH * kW);
  for (std::size_t r = 0; r < kH; ++r) {
    for (std::size_t c = 0; c < kW; ++c) image[r * kW + c] = static_cast<float>(r * 100 + c);
  }
  return image;
}

// What the graph makes of `in`: x * 2 + add everywhere, then `cleared` in rows 2..5,
// columns 3..7 (the memset's box) and nowhere else.
std::vector<float> expected_image(const std::vector<float>& in, float add, float cleared = -1.0f) {
  std::vector<float> out(in.size());
  for (std::size_t r = 0; r < kH; ++r) {
    for (std::size_t c = 0; c < kW; ++c) {
      const bool boxed = r >= 2 && r < 6 && c >= 3 && c < 8;
      out[r * kW + c] = boxed ? cleared : in[r * kW + c] * 2.0f + add;
    }
  }
  return out;
}

// The box of rows 1..8 and columns 2..17 of a row-major kH x kW image.
std::vector<float> expected_tile(const std::vector<float>& image) {
  std::vector<float> tile(kTileH * kTileW);
  for (std::size_t r = 0; r < kTileH; ++r) {
    for (std::size_t c = 0; c < kTileW; ++c) tile[r * kTileW + c] = image[(1 + r) * kW + 2 + c];
  }
  return tile;
}

void write_host_image(void* host, const std::vector<float>& image) {
  std::memcpy(host, image.data(), image.size() * sizeof(float));
}

// The runtime's host copies of the image and the tile after a launch that made `image`.
void check_downloads(const Instance& instance, const std::vector<float>& image) {
  CHECK(read_buffer<float>(instance, "host_img") == image);
  CHECK(read_buffer<float>(instance, "host_tile") == expected_tile(image));
}

TEST_CASE("the runtime copies, transforms and clears boxes of a pitched image", "[runtime][gpu]") {
  const std::string file = GENERATE(std::string("pitched.graph"), std::string("pitched.yaml"));
  CAPTURE(file);
  Program program = Program::load(data_dir() + "/" + file);
  Instance instance = program.instantiate("pitched");
  CHECK(instance.buffer_pitch("img") >= kW * sizeof(float));      // cudaMallocPitch's choice
  CHECK(instance.buffer_pitch("host_in") == kW * sizeof(float));  // pinned memory is dense
  const std::vector<float> in = input_image();
  write_host_image(instance.buffer("host_in"), in);
  instance.launch();
  check_downloads(instance, expected_image(in, 1.5f));

  instance.set("add", 0.25f);
  instance.set("cleared", 7.0f);  // the memset's value: its box stays where it was
  instance.launch();
  check_downloads(instance, expected_image(in, 0.25f, 7.0f));
}

TEST_CASE("the runtime uses pitched memory the caller binds, with its pitch", "[runtime][gpu]") {
  Program program = Program::load(graph_path("pitched"));
  // Rows wider than the image's (65 floats), so that the pitch differs from the one the
  // runtime would choose for img; cudaMallocPitch through generated_support.h's Allocation.
  graphc::Allocation<float> memory(kH, kW + 25, graphc::MemorySpace::device, "caller");
  const std::size_t pitch = memory.pitch();
  REQUIRE(pitch >= (kW + 25) * sizeof(float));
  Bindings bindings;
  bindings.pitched("img", memory.get(), pitch, kH);
  Instance instance = program.instantiate("pitched", bindings);
  CHECK(instance.buffer("img") == memory.get());
  CHECK(instance.buffer_pitch("img") == pitch);
  const std::vector<float> in = input_image();
  write_host_image(instance.buffer("host_in"), in);
  instance.launch();
  const std::vector<float> image = expected_image(in, 1.5f);
  check_downloads(instance, image);
  // Row r of the bound memory starts r * pitch bytes in.
  std::vector<float> row(kW);
  check_cuda(cudaMemcpy(row.data(), reinterpret_cast<char*>(memory.get()) + 5 * pitch, kW * sizeof(float),
                        cudaMemcpyDeviceToHost),
             "cudaMemcpy");
  CHECK(row == std::vector<float>(image.begin() + 5 * kW, image.begin() + 6 * kW));

  const Error rebind = error_of([&] { instance.bind("img", memory.get(), pitch * kH); });
  CHECK(rebind.code() == "R0059");
  CHECK_THAT(rebind.what(), Catch::Contains("buffer 'img' is 2-D: Instance::bind takes only 1-D buffers"));

  Bindings short_pitch;
  short_pitch.pitched("img", memory.get(), kW * sizeof(float) - 4, kH);
  const Error refused = error_of([&] { (void)program.instantiate("pitched", short_pitch); });
  CHECK(refused.code() == "R0058");
  CHECK_THAT(refused.what(), Catch::Contains("buffer 'img' is bound with a pitch of 156 bytes, but its rows hold 160 "
                                             "bytes (40 elements of f32)"));
}

TEST_CASE("generated code allocates the image pitched and runs the same boxes", "[codegen][gpu]") {
  static_assert(gen::img_count == kH && gen::img_width == kW);
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  CHECK(b.img_pitch >= kW * sizeof(float));
  CHECK(b.host_in_pitch == kW * sizeof(float));
  const std::vector<float> in = input_image();
  write_host_image(b.host_in, in);
  g.launch(nullptr);
  const std::vector<float> image = expected_image(in, 1.5f);
  CHECK(read<float>(b.host_img, kH * kW) == image);
  CHECK(read<float>(b.host_tile, kTileH * kTileW) == expected_tile(image));

  g.set_add(0.25f);
  g.set_cleared(7.0f);  // the memset's value: its box stays where it was
  g.launch(nullptr);
  const std::vector<float> updated = expected_image(in, 0.25f, 7.0f);
  CHECK(read<float>(b.host_img, kH * kW) == updated);
  CHECK(read<float>(b.host_tile, kTileH * kTileW) == expected_tile(updated));
}

}  // namespace
}  // namespace graphc::test

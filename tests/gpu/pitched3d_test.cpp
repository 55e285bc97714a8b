// 3-D pitched memory and copies between 1-D and pitched buffers on both paths
// (data/pitched3d.graph; the runtime also loads its YAML form, pitched3d.yaml): a dense
// host volume uploaded into a cudaMalloc3D volume by a 1-D -> 3-D copy, scale_add_3d given
// the volume and `pitch(vol)`, a box of one slice set by a memset, a 3-D box cropped device
// to device and copied back whole, a sub-box read back into a dense 1-D buffer; a 1-D slice
// written into a box of a pitched 2-D image, read back whole into a 1-D buffer; a box of
// one slice taken into a 2-D plane, read back, and put into a slice of the crop (3-D -> 2-D
// -> 3-D, cudaMemcpy3DParms with the plane at depth 0). Every result
// element by element against a CPU reference, before and after a param changes
// (Instance::set, set_NAME). The runtime path also runs on a volume the caller allocated
// (Bindings::pitched with every slice's rows) and refuses Instance::bind of it (R0059).
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "pitched3d.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::pitched3d;

constexpr std::size_t kD = 5;  // the graph's D, H and W
constexpr std::size_t kH = 12;
constexpr std::size_t kW = 20;

// A box of a kD x kH x kW volume: first slice, row and column, and its extent.
struct Box {
  std::size_t z, y, x, depth, rows, columns;
};
constexpr Box kCleared{1, 2, 4, 1, 3, 5};   // clear : vol[1:1, 2:3, 4:5]
constexpr Box kCrop{1, 3, 5, 2, 4, 6};      // crop : sub <- vol[1:2, 3:4, 5:6]
constexpr Box kRead{2, 4, 6, 3, 5, 7};      // download_box : host_box <- vol[2:3, 4:5, 6:7]
constexpr Box kImageBox{0, 2, 3, 1, 4, 8};  // up_img : img[2:4, 3:8] <- host_flat[100:32]
constexpr Box kPlane{3, 2, 1, 1, 4, 6};     // take_plane : plane <- vol[3:1, 2:4, 1:6]
constexpr std::size_t kFlatFirst = 100;

bool inside(const Box& b, std::size_t z, std::size_t y, std::size_t x) {
  return z >= b.z && z < b.z + b.depth && y >= b.y && y < b.y + b.rows && x >= b.x && x < b.x + b.columns;
}

// Dense kD x kH x kW: z * 10000 + y * 100 + x, exact in floats.
std::vector<float> input_volume() {
  std::vector<float> volume(kD * kH * kW);
  for (std::size_t z = 0; z < kD; ++z) {
    for (std::size_t y = 0; y < kH; ++y) {
      for (std::size_t x = 0; x < kW; ++x) volume[(z * kH + y) * kW + x] = static_cast<float>(z * 10000 + y * 100 + x);
    }
  }
  return volume;
}

// What the graph makes of `in`: v * 3 + add everywhere, then -1 in the memset's box only.
std::vector<float> expected_volume(const std::vector<float>& in, float add) {
  std::vector<float> out(in.size());
  for (std::size_t z = 0; z < kD; ++z) {
    for (std::size_t y = 0; y < kH; ++y) {
      for (std::size_t x = 0; x < kW; ++x) {
        const std::size_t i = (z * kH + y) * kW + x;
        out[i] = inside(kCleared, z, y, x) ? -1.0f : in[i] * 3.0f + add;
      }
    }
  }
  return out;
}

// The box `b` of a dense volume, itself dense (slice after slice, row after row).
std::vector<float> box_of(const std::vector<float>& volume, const Box& b) {
  std::vector<float> out;
  for (std::size_t z = b.z; z < b.z + b.depth; ++z) {
    for (std::size_t y = b.y; y < b.y + b.rows; ++y) {
      for (std::size_t x = b.x; x < b.x + b.columns; ++x) out.push_back(volume[(z * kH + y) * kW + x]);
    }
  }
  return out;
}

// The image after zero_img and up_img: 0, but for the box of rows 2..5, columns 3..10 that
// holds in[100..131] as dense rows of 8.
std::vector<float> expected_image(const std::vector<float>& in) {
  std::vector<float> image(kH * kW, 0.0f);
  for (std::size_t y = 0; y < kImageBox.rows; ++y) {
    for (std::size_t x = 0; x < kImageBox.columns; ++x) {
      image[(kImageBox.y + y) * kW + kImageBox.x + x] = in[kFlatFirst + y * kImageBox.columns + x];
    }
  }
  return image;
}

// Every host buffer the graph writes, against the reference of a launch with `add`.
template <class Read>
void check_results(const Read& read_host, const std::vector<float>& in, float add) {
  const std::vector<float> volume = expected_volume(in, add);
  // The crop's first slice, then the plane that put_plane wrote over its second.
  std::vector<float> sub = box_of(volume, Box{kCrop.z, kCrop.y, kCrop.x, 1, kCrop.rows, kCrop.columns});
  const std::vector<float> plane = box_of(volume, kPlane);
  sub.insert(sub.end(), plane.begin(), plane.end());
  CHECK(read_host("host_sub", kCrop.depth * kCrop.rows * kCrop.columns) == sub);
  CHECK(read_host("host_plane", kPlane.rows * kPlane.columns) == plane);
  CHECK(read_host("host_box", kRead.depth * kRead.rows * kRead.columns) == box_of(volume, kRead));
  CHECK(read_host("host_img", kH * kW) == expected_image(in));
}

void check_instance(const Instance& instance, const std::vector<float>& in, float add) {
  check_results(
      [&](const std::string& name, std::size_t count) {
        const std::vector<float> values = read_buffer<float>(instance, name);
        CHECK(values.size() == count);
        return values;
      },
      in, add);
}

TEST_CASE("the runtime uploads, transforms, clears and copies boxes of a 3-D volume", "[runtime][gpu]") {
  const std::string file = GENERATE(std::string("pitched3d.graph"), std::string("pitched3d.yaml"));
  CAPTURE(file);
  Program program = Program::load(data_dir() + "/" + file);
  Instance instance = program.instantiate("pitched3d");
  CHECK(instance.buffer_pitch("vol") >= kW * sizeof(float));      // cudaMalloc3D's choice
  CHECK(instance.buffer_pitch("host_sub") == 6 * sizeof(float));  // pinned memory is dense
  CHECK(instance.buffer_pitch("host_flat") == 0);                 // 1-D
  CHECK(instance.buffer_bytes("vol") == kD * kH * kW * sizeof(float));
  const std::vector<float> in = input_volume();
  std::memcpy(instance.buffer("host_flat"), in.data(), in.size() * sizeof(float));
  instance.launch();
  check_instance(instance, in, 0.5f);

  instance.set("add", 0.25f);
  instance.launch();
  check_instance(instance, in, 0.25f);
}

TEST_CASE("the runtime uses a 3-D volume the caller binds, with its pitch", "[runtime][gpu]") {
  Program program = Program::load(graph_path("pitched3d"));
  // Rows wider than the volume's (27 floats), so that the pitch differs from the one the
  // runtime would choose; cudaMalloc3D through generated_support.h's Allocation.
  graphc::Allocation<float> memory(kD, kH, kW + 7, graphc::MemorySpace::device, "caller");
  const std::size_t pitch = memory.pitch();
  REQUIRE(pitch >= (kW + 7) * sizeof(float));
  Bindings bindings;
  bindings.pitched("vol", memory.get(), pitch, kD * kH);
  Instance instance = program.instantiate("pitched3d", bindings);
  CHECK(instance.buffer("vol") == memory.get());
  CHECK(instance.buffer_pitch("vol") == pitch);
  const std::vector<float> in = input_volume();
  std::memcpy(instance.buffer("host_flat"), in.data(), in.size() * sizeof(float));
  instance.launch();
  check_instance(instance, in, 0.5f);
  // Row y of slice z of the bound memory starts (z * kH + y) * pitch bytes in.
  const std::vector<float> volume = expected_volume(in, 0.5f);
  std::vector<float> row(kW);
  check_cuda(cudaMemcpy(row.data(), reinterpret_cast<char*>(memory.get()) + (3 * kH + 7) * pitch, kW * sizeof(float),
                        cudaMemcpyDeviceToHost),
             "cudaMemcpy");
  CHECK(row == std::vector<float>(volume.begin() + (3 * kH + 7) * kW, volume.begin() + (3 * kH + 8) * kW));

  const Error rebind = error_of([&] { instance.bind("vol", memory.get(), pitch * kD * kH); });
  CHECK(rebind.code() == "R0059");
  CHECK_THAT(rebind.what(), Catch::Contains("buffer 'vol' is 3-D: Instance::bind takes only 1-D buffers"));

  Bindings short_rows;
  short_rows.pitched("vol", memory.get(), pitch, kH);  // one slice's rows only
  const Error refused = error_of([&] { (void)program.instantiate("pitched3d", short_rows); });
  CHECK(refused.code() == "R0007");
}

TEST_CASE("generated code allocates the volume with cudaMalloc3D and copies the same boxes", "[codegen][gpu]") {
  static_assert(gen::vol_depth == kD && gen::vol_count == kH && gen::vol_width == kW);
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  CHECK(b.vol_pitch >= kW * sizeof(float));
  CHECK(b.img_pitch >= kW * sizeof(float));
  CHECK(b.host_sub_pitch == 6 * sizeof(float));
  const std::vector<float> in = input_volume();
  std::memcpy(b.host_flat, in.data(), in.size() * sizeof(float));
  const auto read_host = [&](const std::string& name, std::size_t count) {
    const float* host = name == "host_sub"     ? b.host_sub
                        : name == "host_box"   ? b.host_box
                        : name == "host_plane" ? b.host_plane
                                               : b.host_img;
    return read<float>(host, count);
  };
  g.launch(nullptr);
  check_results(read_host, in, 0.5f);

  g.set_add(0.25f);
  g.launch(nullptr);
  check_results(read_host, in, 0.25f);
}

}  // namespace
}  // namespace graphc::test

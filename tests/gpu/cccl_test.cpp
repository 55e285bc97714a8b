// Kernels written with CUDA's own headers (data/cccl_kernels.cu: cooperative groups, CUB,
// libcu++) on both paths: the runtime compiles the module with NVRTC, the generated code with
// nvcc, and both give the CPU reference's numbers.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "cccl.graph.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::cccl;

// x = 0, 1, 2, ...: sums of consecutive runs of `width` elements.
std::vector<float> run_sums(std::size_t runs, std::size_t width) {
  std::vector<float> out(runs);
  for (std::size_t r = 0; r < runs; ++r) out[r] = static_cast<float>(width * (r * width) + width * (width - 1) / 2);
  return out;
}

TEST_CASE("kernels using cooperative groups, CUB and libcu++ give the same numbers on both paths",
          "[runtime][codegen][gpu]") {
  Program program = Program::load(data_dir() + "/cccl.graph");
  Instance instance = program.instantiate("cccl");
  instance.launch();
  const std::vector<float> tiles = read_buffer<float>(instance, "tiles");
  const std::vector<float> blocks = read_buffer<float>(instance, "blocks");
  const std::vector<std::uint32_t> count = read_buffer<std::uint32_t>(instance, "count");
  CHECK(tiles == run_sums(4096 / 32, 32));
  CHECK(blocks == run_sums(4096 / 256, 256));
  CHECK(count == std::vector<std::uint32_t>{4096 - 1001});  // 1001 .. 4095 are above 1000

  gen::Graph generated;
  const gen::Bindings& b = generated.bindings();
  generated.launch(nullptr);
  CHECK(read<float>(b.tiles, gen::tiles_count) == tiles);
  CHECK(read<float>(b.blocks, gen::blocks_count) == blocks);
  CHECK(read<std::uint32_t>(b.count, 1) == count);
}

}  // namespace
}  // namespace graphc::test

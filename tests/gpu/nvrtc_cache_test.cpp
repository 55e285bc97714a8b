// A .cu module compiled once is taken from the disk cache by the next load (no NVRTC
// run), and a changed source is compiled again.
#include <catch2/catch.hpp>

#include <fstream>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

TEST_CASE("a second load of the same .cu module hits the NVRTC cache", "[runtime][gpu]") {
  TempDir cache;
  TempDir sources;
  const ScopedEnv env("GRAPHC_CACHE_DIR", cache.path().string());
  const std::string graph = (sources.path() / "cached.graph").string();
  const std::string text = R"(module "cached.cu";
graph cached {
    buffer x : f32[32] managed = fill(1.0f);
    kernel k : bump<<<1, 32>>>(x);
}
)";
  auto write_module = [&](const char* body) { std::ofstream(sources.path() / "cached.cu") << body; };
  write_module("extern \"C\" __global__ void bump(float* x) { x[threadIdx.x] += 1.0f; }\n");

  auto run_once = [&](float expected) {
    Program program = Program::from_text(graph, text);
    Instance instance = program.instantiate("cached");
    instance.launch();
    CHECK(read_buffer<float>(instance, "x") == std::vector<float>(32, expected));
    REQUIRE(program.modules().size() == 1);
    return program.modules()[0].cache_hit;
  };

  CHECK_FALSE(run_once(2.0f));  // compiled by NVRTC, stored
  CHECK(std::distance(std::filesystem::directory_iterator(cache.path()), std::filesystem::directory_iterator()) == 1);
  CHECK(run_once(2.0f));  // same source, options, device: from the cache

  write_module("extern \"C\" __global__ void bump(float* x) { x[threadIdx.x] += 5.0f; }\n");
  CHECK_FALSE(run_once(6.0f));  // the source changed: compiled again
  CHECK(run_once(6.0f));
}

}  // namespace
}  // namespace graphc::test

// Pageable host memory on both paths: copies read and write ordinary host memory that the
// runtime or the generated Storage allocated (malloc), and memory of a std::vector bound
// to the buffers on the live exec (Instance::bind, rebind_NAME); every result against a CPU
// reference. Pinned memory stands for a pageable buffer too; device memory does not (R0046).
#include <catch2/catch.hpp>

#include <vector>

#include "gpu_test_support.h"
#include "pageable.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::staging;

constexpr std::size_t kN = 256;

std::vector<float> tripled(const std::vector<float>& x) {
  std::vector<float> out(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) out[i] = 3.0f * x[i];
  return out;
}

TEST_CASE("copies move pageable host memory on the runtime path, allocated or bound", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/pageable.graph");
  Instance instance = program.instantiate("staging");
  CHECK(memory_type_of(instance.buffer("src")) == cudaMemoryTypeUnregistered);
  instance.launch();
  CHECK(read_buffer<float>(instance, "dst") == tripled(ramp(kN, 1.0f)));

  std::vector<float> src = ramp(kN, 100.0f);
  std::vector<float> dst(kN, 0.0f);
  instance.bind("src", src.data(), kN * sizeof(float));
  instance.bind("dst", dst.data(), kN * sizeof(float));
  instance.launch();
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  CHECK(dst == tripled(src));

  graphc::Allocation<float> device(kN, graphc::MemorySpace::device, "device");
  CHECK_THROWS_WITH(instance.bind("dst", device.get(), kN * sizeof(float)),
                    Catch::Contains("error[R0046]: buffer 'dst' holds pageable host memory, but the memory bound to it "
                                    "is device memory"));
}

TEST_CASE("generated code copies pageable host memory, allocated by Storage or rebound", "[codegen][gpu]") {
  gen::Graph g;
  g.launch(nullptr);
  CHECK(read<float>(g.bindings().dst, kN) == tripled(ramp(kN, 1.0f)));

  std::vector<float> src = ramp(kN, -50.0f);
  graphc::Allocation<float> pinned(kN, graphc::MemorySpace::host, "pinned");  // pinned fits a pageable buffer
  g.rebind_src(src.data(), kN);
  g.rebind_dst(pinned.get(), kN);
  g.launch(nullptr);
  CHECK(read<float>(pinned.get(), kN) == tripled(src));
}

}  // namespace
}  // namespace graphc::test

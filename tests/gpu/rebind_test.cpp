// Buffers given new memory on a live exec: Instance::bind and the generated rebind_NAME()
// point every node that uses the buffer at it in place (a kernel argument at an offset, a
// memset, a copy end, a called graph's kernel, a kernel in an IF body), with no
// re-instantiation; each result is checked against a CPU reference. Refused bindings (too
// small, the wrong memory space, pageable memory, an unknown name) change nothing.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "rebind.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::rebind;

constexpr std::size_t kN = 256;

// What one launch computes from x: y = 2 x[128 + i] (first half, the rest 0), z = 3 x[64 + i],
// w = -x, h = x.
struct Results {
  std::vector<float> y, z, w, h;
  friend bool operator==(const Results&, const Results&) = default;
};

Results expected(const std::vector<float>& x) {
  Results r{std::vector<float>(kN, 0.0f), std::vector<float>(64), std::vector<float>(kN), x};
  for (std::size_t i = 0; i < 128; ++i) r.y[i] = 2.0f * x[128 + i];
  for (std::size_t i = 0; i < 64; ++i) r.z[i] = 3.0f * x[64 + i];
  for (std::size_t i = 0; i < kN; ++i) r.w[i] = -x[i];
  return r;
}

Results results(const Instance& instance) {
  return {read_buffer<float>(instance, "y"), read_buffer<float>(instance, "z"), read_buffer<float>(instance, "w"),
          read_buffer<float>(instance, "h")};
}

TEST_CASE("Instance::bind points every node that uses a buffer at new memory in place", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/rebind.graph");
  Instance instance = program.instantiate("rebind");
  const cudaGraphExec_t exec = instance.exec();
  instance.launch();
  CHECK(results(instance) == expected(ramp(kN, 0.0f)));

  const std::vector<float> values = ramp(kN, 1000.0f);
  graphc::Allocation<float> x2 = device_copy(values);
  instance.bind("x", x2.get(), kN * sizeof(float));
  CHECK(instance.buffer("x") == x2.get());
  instance.launch();
  CHECK(instance.exec() == exec);  // updated in place, not instantiated again
  CHECK(results(instance) == expected(values));

  SECTION("a host buffer takes new pinned memory: the copy writes there") {
    graphc::Allocation<float> h2(kN, graphc::MemorySpace::host, "h2");
    instance.bind("h", h2.get(), kN * sizeof(float));
    instance.launch();
    CHECK(read<float>(h2.get(), kN) == values);
  }

  SECTION("refused bindings change nothing") {
    const auto refused = [&](void* pointer, std::size_t bytes, const std::string& code) {
      try {
        instance.bind("x", pointer, bytes);
        FAIL("bind did not throw");
      } catch (const Error& e) {
        CHECK(e.code() == code);
        CHECK(std::string(e.what()).find("rebind.graph:13:12") != std::string::npos);
      }
    };
    graphc::Allocation<float> small = device_copy(ramp(kN, 5.0f));
    refused(small.get(), kN * sizeof(float) - 4, "R0007");
    graphc::Allocation<float> pinned(kN, graphc::MemorySpace::host, "pinned");
    refused(pinned.get(), kN * sizeof(float), "R0046");
    std::vector<float> pageable(kN);
    refused(pageable.data(), kN * sizeof(float), "R0046");
    refused(nullptr, kN * sizeof(float), "R0046");
    try {
      instance.bind("nope", x2.get(), kN * sizeof(float));
      FAIL("bind did not throw");
    } catch (const Error& e) {
      CHECK(e.code() == "R0010");
    }
    CHECK(instance.buffer("x") == x2.get());
    instance.launch();
    CHECK(results(instance) == expected(values));
  }
}

TEST_CASE("generated rebind_NAME points the nodes at new memory as Instance::bind does", "[codegen][gpu]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  const auto run = [&] {
    g.launch(nullptr);
    return Results{read<float>(b.y, kN), read<float>(b.z, 64), read<float>(b.w, kN), read<float>(b.h, kN)};
  };
  CHECK(run() == expected(ramp(kN, 0.0f)));

  const std::vector<float> values = ramp(kN, -300.0f);
  graphc::Allocation<float> x2 = device_copy(values);
  g.rebind_x(x2.get(), kN);
  CHECK(b.x == x2.get());
  CHECK(run() == expected(values));

  std::vector<float> pageable(kN);
  CHECK_THROWS_WITH(g.rebind_x(pageable.data(), kN),
                    Catch::Contains("error[R0046]") && Catch::Contains("rebind.graph:13:12"));
  CHECK_THROWS_WITH(g.rebind_x(x2.get(), kN - 1), Catch::Contains("error[R0007]"));
  CHECK(b.x == x2.get());
  CHECK(run() == expected(values));
}

}  // namespace
}  // namespace graphc::test

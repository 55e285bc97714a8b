// Capture nodes in generated code on the device: the generated Graph's build() captures a
// cuBLAS GEMM and a registered function (in a conditional body) with the Storage's capture
// resources; set_NAME() captures again and updates the exec in place. The runtime loads
// the same file and gets the same numbers; both are checked against a CPU reference.
#include <catch2/catch.hpp>

#include <vector>

#include "capture_kernels.h"
#include "captures.graph.h"
#include "gemm_reference.h"
#include "gpu_test_support.h"
#include "reshape.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::captures;

const std::vector<float> kA = random_values(gen::a_count, 11);
const std::vector<float> kB = random_values(gen::b_count, 12);
const std::vector<float> kC = random_values(gen::c_count, 13);
const GemmCase kGemm{false, false, 64, 48, 80, 64, 80, 64};

void copy_in(void* device, const std::vector<float>& host) {
  check_cuda(cudaMemcpy(device, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
}

// x after `launches` launches with scale s: x = x * s + 1 each time, from iota(0).
std::vector<float> expected_x(float s, int launches) {
  std::vector<float> x(gen::x_count);
  for (std::size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<float>(i);
    for (int l = 0; l < launches; ++l) x[i] = x[i] * s + 1.0f;
  }
  return x;
}

TEST_CASE("generated capture nodes capture a GEMM and a registered function, and set_NAME recaptures",
          "[codegen][gpu][capture]") {
  gen::Graph g([](gen::Bindings& b) {
    b.axpb = [](cudaStream_t stream, float* x, int n, float a, float c) { launch_axpb(stream, x, n, a, c); };
    copy_in(b.a, kA);
    copy_in(b.b, kB);
    copy_in(b.c, kC);
  });
  const gen::Bindings& b = g.bindings();
  g.launch(nullptr);
  CHECK(max_relative_error(read<float>(b.c, gen::c_count), gemm_reference(kGemm, 1.5, kA, kB, 0.5, kC)) < 1e-4);
  CHECK(read<float>(b.x, gen::x_count) == expected_x(2.0f, 1));

  copy_in(b.c, kC);
  g.set_alpha(-2.0f);
  g.set_scale(0.5f);
  g.launch(nullptr);
  CHECK(max_relative_error(read<float>(b.c, gen::c_count), gemm_reference(kGemm, -2.0, kA, kB, 0.5, kC)) < 1e-4);
  std::vector<float> x = expected_x(2.0f, 1);
  for (float& v : x) v = v * 0.5f + 1.0f;
  CHECK(read<float>(b.x, gen::x_count) == x);

  // The runtime builds the same graph from the same file.
  Program program = Program::load(data_dir() + "/captures.graph");
  Bindings bindings;
  bindings.capture("axpb",
                   [](cudaStream_t stream, float* x, int n, float a, float c) { launch_axpb(stream, x, n, a, c); });
  Instance instance = program.instantiate("captures", bindings);
  copy_in(instance.buffer("a"), kA);
  copy_in(instance.buffer("b"), kB);
  copy_in(instance.buffer("c"), kC);
  instance.set("alpha", -2.0f);
  instance.launch();
  CHECK(max_relative_error(read_buffer<float>(instance, "c"), gemm_reference(kGemm, -2.0, kA, kB, 0.5, kC)) < 1e-4);
  CHECK(read_buffer<float>(instance, "x") == expected_x(2.0f, 1));
}

TEST_CASE("generated capture nodes without a function in the bindings throw R0040", "[codegen][gpu][capture]") {
  gen::Storage storage;
  gen::Bindings b = storage.bindings();  // b.axpb not set
  gen::Nodes nodes;
  const GraphHandle graph = create_graph();
  const Error e = error_of([&] { gen::build(graph.get(), b, nodes); });
  CHECK(e.code() == "R0040");
  CHECK_THAT(e.what(), Catch::Contains("captures.graph:18:17") && Catch::Contains("capture function 'axpb'"));
}

TEST_CASE("generated set_NAME refuses a capture of another shape and changes nothing", "[codegen][gpu][capture]") {
  namespace reshape = graphc::gen::reshape;
  reshape::Graph g([](reshape::Bindings& b) {
    b.repeat = [](cudaStream_t s, float* x, int n, int times) { launch_axpb_times(s, x, n, 2.0f, 0.0f, times); };
  });
  const reshape::Bindings& b = g.bindings();
  const Error e = error_of([&] { g.set_times(3); });
  CHECK(e.code() == "R0044");
  CHECK_THAT(e.what(), Catch::Contains("param 'times' cannot be set: capture node 'work' captured a graph of another "
                                       "shape (before: kernel; 0 edges; now: kernel, kernel, kernel; 2 edges)"));
  CHECK(b.times == 1);  // the bindings keep the old value
  g.launch(nullptr);
  CHECK(read<float>(b.x, reshape::x_count) == std::vector<float>(128, 2.0f));  // one doubling, as before
  g.set_times(1);                                                              // the same shape: accepted
}

}  // namespace
}  // namespace graphc::test

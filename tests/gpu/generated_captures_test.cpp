// Capture nodes in generated code on the device: build() captures a cuBLAS GEMM and a
// registered function (in a conditional body) with the Storage's capture resources;
// set_NAME() captures again and updates the exec in place. The runtime loads the same file
// and gets the same numbers; both are checked against a CPU reference.
#include <catch2/catch.hpp>

#include <vector>

#include "capture_kernels.h"
#include "captures.graph.h"
#include "reshape.graph.h"
#include "gemm_reference.h"
#include "gpu_test_support.h"

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
  gen::Storage storage;
  gen::Bindings b = storage.bindings();
  b.axpb = [](cudaStream_t stream, float* x, int n, float a, float c) { launch_axpb(stream, x, n, a, c); };
  copy_in(b.a, kA);
  copy_in(b.b, kB);
  copy_in(b.c, kC);
  gen::Nodes nodes;
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  check_cuda(cudaGraphCreate(&graph, 0), "cudaGraphCreate");
  gen::build(graph, b, nodes);
  check_cuda(cudaGraphInstantiate(&exec, graph, gen::instantiate_flags), "cudaGraphInstantiate");
  check_cuda(cudaGraphLaunch(exec, nullptr), "cudaGraphLaunch");
  CHECK(max_relative_error(read<float>(b.c, gen::c_count), gemm_reference(kGemm, 1.5, kA, kB, 0.5, kC)) < 1e-4);
  CHECK(read<float>(b.x, gen::x_count) == expected_x(2.0f, 1));

  copy_in(b.c, kC);
  gen::set_alpha(exec, nodes, b, -2.0f);
  gen::set_scale(exec, nodes, b, 0.5f);
  check_cuda(cudaGraphLaunch(exec, nullptr), "cudaGraphLaunch");
  CHECK(max_relative_error(read<float>(b.c, gen::c_count), gemm_reference(kGemm, -2.0, kA, kB, 0.5, kC)) < 1e-4);
  std::vector<float> x = expected_x(2.0f, 1);
  for (float& v : x) v = v * 0.5f + 1.0f;
  CHECK(read<float>(b.x, gen::x_count) == x);

  // The runtime builds the same graph from the same file.
  Program program = Program::load(data_dir() + "/captures.graph");
  Bindings bindings;
  bindings.capture("axpb", [](cudaStream_t stream, float* x, int n, float a, float c) { launch_axpb(stream, x, n, a, c); });
  Instance instance = program.instantiate("captures", bindings);
  copy_in(instance.buffer("a"), kA);
  copy_in(instance.buffer("b"), kB);
  copy_in(instance.buffer("c"), kC);
  instance.set("alpha", -2.0f);
  instance.launch();
  CHECK(max_relative_error(read_buffer<float>(instance, "c"), gemm_reference(kGemm, -2.0, kA, kB, 0.5, kC)) < 1e-4);
  CHECK(read_buffer<float>(instance, "x") == expected_x(2.0f, 1));

  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
}

TEST_CASE("generated capture nodes without a function in the bindings throw R0040", "[codegen][gpu][capture]") {
  gen::Storage storage;
  gen::Bindings b = storage.bindings();  // b.axpb not set
  gen::Nodes nodes;
  cudaGraph_t graph = nullptr;
  check_cuda(cudaGraphCreate(&graph, 0), "cudaGraphCreate");
  const Error e = error_of([&] { gen::build(graph, b, nodes); });
  CHECK(e.code() == "R0040");
  CHECK_THAT(e.what(), Catch::Contains("captures.graph:18:17") && Catch::Contains("capture function 'axpb'"));
  cudaGraphDestroy(graph);
}

TEST_CASE("generated set_NAME refuses a capture of another shape and changes nothing", "[codegen][gpu][capture]") {
  namespace reshape = graphc::gen::reshape;
  reshape::Storage storage;
  reshape::Bindings b = storage.bindings();
  b.repeat = [](cudaStream_t s, float* x, int n, int times) { launch_axpb_times(s, x, n, 2.0f, 0.0f, times); };
  reshape::Nodes nodes;
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  check_cuda(cudaGraphCreate(&graph, 0), "cudaGraphCreate");
  reshape::build(graph, b, nodes);
  check_cuda(cudaGraphInstantiate(&exec, graph, reshape::instantiate_flags), "cudaGraphInstantiate");
  const Error e = error_of([&] { reshape::set_times(exec, nodes, b, 3); });
  CHECK(e.code() == "R0044");
  CHECK_THAT(e.what(), Catch::Contains("param 'times' cannot be set: capture node 'work' captured a graph of another "
                                       "shape (before: kernel; 0 edges; now: kernel, kernel, kernel; 2 edges)"));
  CHECK(b.times == 1);  // the bindings keep the old value
  check_cuda(cudaGraphLaunch(exec, nullptr), "cudaGraphLaunch");
  CHECK(read<float>(b.x, reshape::x_count) == std::vector<float>(128, 2.0f));  // one doubling, as before
  reshape::set_times(exec, nodes, b, 1);  // the same shape: accepted
  check_cuda(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  check_cuda(cudaGraphDestroy(graph), "cudaGraphDestroy");
}

}  // namespace
}  // namespace graphc::test

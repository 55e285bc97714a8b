// Edge ports at run time: programmatic and launch_completion edges reach CUDA as the
// cudaGraphEdgeData of their edges (read back with cudaGraphGetEdges), and a chain of
// kernels that synchronize with cudaGridDependencySynchronize() computes the CPU
// reference's result under them.
#include <catch2/catch.hpp>

#include <map>
#include <utility>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

TEST_CASE("port edges reach CUDA as edge data, and the chain computes the reference", "[runtime][gpu]") {
  // The pdl_pipeline sample's kernel: out = a * in + b after cudaGridDependencySynchronize().
  const std::string path = std::string(GRAPHC_SAMPLES_DIR) + "/pdl_pipeline/ports_test.graph";
  const std::string text = R"(module "pdl_pipeline_kernels.cu";
graph ports {
    const N = 65536;
    buffer src : f32[N] device = iota(0);
    buffer x   : f32[N] device;
    buffer y   : f32[N] device;
    buffer z   : f32[N] device;

    kernel s1 : stage<<<ceil_div(N, 256), 256>>>(src, x, 2.0f, 1.0f, N);
    kernel s2 : stage<<<ceil_div(N, 256), 256>>>(x, y, 0.5f, -1.0f, N);
    kernel s3 : stage<<<ceil_div(N, 256), 256>>>(y, z, 3.0f, 0.25f, N);
    s1 ->[programmatic] s2 ->[launch_completion] s3;
    s1 -> s3;
}
)";
  Program program = Program::from_text(path, text);
  Instance instance = program.instantiate("ports");

  std::size_t count = 0;
  check_cuda(cudaGraphGetEdges(instance.graph(), nullptr, nullptr, nullptr, &count), "cudaGraphGetEdges");
  REQUIRE(count == 3);
  std::vector<cudaGraphNode_t> from(count), to(count);
  std::vector<cudaGraphEdgeData> data(count);
  check_cuda(cudaGraphGetEdges(instance.graph(), from.data(), to.data(), data.data(), &count), "cudaGraphGetEdges");
  std::map<std::pair<cudaGraphNode_t, cudaGraphNode_t>, cudaGraphEdgeData> edges;
  for (std::size_t i = 0; i < count; ++i) edges[{from[i], to[i]}] = data[i];
  const cudaGraphNode_t s1 = instance.node("s1"), s2 = instance.node("s2"), s3 = instance.node("s3");
  REQUIRE(edges.count({s1, s2}) == 1);
  REQUIRE(edges.count({s2, s3}) == 1);
  REQUIRE(edges.count({s1, s3}) == 1);
  CHECK(edges[{s1, s2}].from_port == cudaGraphKernelNodePortProgrammatic);
  CHECK(edges[{s1, s2}].type == cudaGraphDependencyTypeProgrammatic);
  CHECK(edges[{s2, s3}].from_port == cudaGraphKernelNodePortLaunchCompletion);
  CHECK(edges[{s2, s3}].type == cudaGraphDependencyTypeProgrammatic);
  CHECK(edges[{s1, s3}].from_port == cudaGraphKernelNodePortDefault);
  CHECK(edges[{s1, s3}].type == cudaGraphDependencyTypeDefault);
  for (const auto& [ends, e] : edges) CHECK(e.to_port == 0);

  for (int launch = 0; launch < 3; ++launch) instance.launch();
  std::vector<float> expected(65536);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    float v = static_cast<float>(i);
    v = 2.0f * v + 1.0f;
    v = 0.5f * v - 1.0f;
    v = 3.0f * v + 0.25f;
    expected[i] = v;
  }
  CHECK(read_buffer<float>(instance, "z") == expected);
}

}  // namespace
}  // namespace graphc::test

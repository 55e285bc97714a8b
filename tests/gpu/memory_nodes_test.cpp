// Memory nodes on the device: the address a mem alloc node returns is what the kernels,
// copies and memsets ordered after it use, up to the mem free node (also after a param
// update); an allocation the graph never frees outlives the launch and the graph can be
// launched again (instantiated with cudaGraphInstantiateFlagAutoFreeOnLaunch); an alloc's
// memory cannot be bound (R0020). Each expected result is computed here on the CPU.
#include <catch2/catch.hpp>

#include <vector>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

const std::string kScratch = R"(module "kernels.cu";
graph scratch {
    const N = 4096;
    buffer in  : f32[N] device = iota(1);
    buffer out : f32[N] device;
    param  s   : f32 = 2.0;

    alloc  tmp     : f32[N];
    memset clear   : tmp[N / 2:N / 2] = 0;
    kernel first   : scale_into<<<ceil_div(N / 2, 256), 256>>>(in, tmp, s, N / 2);
    kernel second  : scale_add<<<ceil_div(N, 256), 256>>>(tmp, 1.0f, 3.0f, N);
    copy   keep    : out <- tmp;
    free   release : tmp;
    tmp -> {clear, first} -> second -> keep -> release;
}
)";

// out after one launch: the first half (i + 1) * s + 3, the second half 0 + 3.
std::vector<float> expected(float s) {
  std::vector<float> out(4096);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = (i < 2048 ? static_cast<float>(i + 1) * s : 0.0f) + 3.0f;
  return out;
}

TEST_CASE("kernels, memsets and copies between an alloc and its free use the allocation", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("scratch"), kScratch);
  Instance instance = program.instantiate("scratch");
  cudaGraphNodeType type{};
  check_cuda(cudaGraphNodeGetType(instance.node("tmp"), &type), "cudaGraphNodeGetType");
  CHECK(type == cudaGraphNodeTypeMemAlloc);
  check_cuda(cudaGraphNodeGetType(instance.node("release"), &type), "cudaGraphNodeGetType");
  CHECK(type == cudaGraphNodeTypeMemFree);
  cudaMemAllocNodeParams params{};
  check_cuda(cudaGraphMemAllocNodeGetParams(instance.node("tmp"), &params), "cudaGraphMemAllocNodeGetParams");
  CHECK(params.bytesize == 4096 * sizeof(float));
  CHECK(params.dptr == instance.buffer("tmp"));  // the address every node of the graph uses

  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == expected(2.0f));
  instance.set("s", 5.0f);  // the kernel that writes the allocation gets its new argument
  instance.launch();
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == expected(5.0f));
}

const std::string kKept = R"(module "kernels.cu";
graph kept {
    const N = 1024;
    buffer in : f32[N] device = iota(0);
    alloc result : f32[N];
    kernel produce : scale_into<<<ceil_div(N, 256), 256>>>(in, result, 0.5f, N);
    result -> produce;
}
)";

TEST_CASE("an allocation the graph never frees outlives the launch, and the graph launches again", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("kept"), kKept);
  CHECK(program.warnings().find("W0601") != std::string::npos);
  Instance instance = program.instantiate("kept");
  std::vector<float> want(1024);
  for (std::size_t i = 0; i < want.size(); ++i) want[i] = static_cast<float>(i) * 0.5f;
  for (int launch = 0; launch < 3; ++launch) {  // each launch frees the last one's allocation first
    instance.launch();
    CHECK(read<float>(instance.buffer("result"), 1024) == want);
  }
}

TEST_CASE("an alloc's memory cannot be bound (R0020)", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("scratch"), kScratch);
  Allocation<float> mine(4096, MemorySpace::device, "mine");
  Bindings b;
  b.buffer("tmp", mine.get(), 4096 * sizeof(float));
  const Error e = error_of([&] { program.instantiate("scratch", b); });
  CHECK(e.code() == "R0020");
  CHECK_THAT(e.what(), Catch::Contains(location_of(graph_path("scratch"), kScratch, "tmp")));
}

}  // namespace
}  // namespace graphc::test

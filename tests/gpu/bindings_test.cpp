// Bindings: kernels compiled into the host program (Bindings::kernel), caller-owned
// memory (Bindings::buffer) and host-node callbacks (Bindings::host).
#include <catch2/catch.hpp>

#include "gpu_test_support.h"
#include "host_kernels.h"

namespace graphc::test {
namespace {

void CUDART_CB count_call(void* user_data) { ++*static_cast<int*>(user_data); }

TEST_CASE("a kernel registered by the host program runs in a graph with no module", "[runtime][gpu]") {
  const std::string text = R"(graph negated {
    buffer x : f32[100] managed = iota(0);
    kernel k : negate<<<1, 128>>>(x, 100);
}
)";
  Program program = Program::from_text(graph_path("negated"), text);
  Bindings bindings;
  bindings.kernel("negate", negate_kernel());
  Instance instance = program.instantiate("negated", bindings);
  instance.launch();
  const std::vector<float> x = read_buffer<float>(instance, "x");
  for (std::size_t i = 0; i < x.size(); ++i) REQUIRE(x[i] == -static_cast<float>(i));
  CHECK(program.modules().empty());
}

TEST_CASE("a bound kernel takes precedence over a module's kernel of the same name", "[runtime][gpu]") {
  // kernels.cu has an extern "C" scale_add(float*, float, float, int); the bound negate
  // has a different signature, so the argument check proves which one was taken.
  const std::string path = graph_path("override");
  const std::string text = R"(module "kernels.cu";
graph override {
    buffer x : f32[8] managed = fill(2.0f);
    kernel k : scale_add<<<1, 8>>>(x, 8);
}
)";
  Program program = Program::from_text(path, text);
  CHECK(error_of([&] { program.instantiate("override"); }).code() == "R0003");
  Bindings bindings;
  bindings.kernel("scale_add", negate_kernel());
  Instance instance = program.instantiate("override", bindings);
  instance.launch();
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(8, -2.0f));
}

TEST_CASE("a bound buffer is used instead of an allocation, and host nodes call back", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph bound {
    buffer x : f32[64] device;
    kernel k : scale_add<<<1, 64>>>(x, 1.0f, 1.0f, 64);
    host   h : report();
    empty  join;
    k -> h -> join;
}
)";
  void* memory = nullptr;
  check_cuda(cudaMalloc(&memory, 64 * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMemset(memory, 0, 64 * sizeof(float)), "cudaMemset");
  int calls = 0;
  {
    Program program = Program::from_text(graph_path("bound"), text);
    Bindings bindings;
    bindings.buffer("x", memory, 64 * sizeof(float)).host("report", count_call, &calls);
    Instance instance = program.instantiate("bound", bindings);
    CHECK(instance.buffer("x") == memory);
    instance.launch();
    instance.launch();
    CHECK(read<float>(memory, 64) == std::vector<float>(64, 2.0f));
    CHECK(calls == 2);
  }
  // The instance did not free the caller's memory.
  CHECK(read<float>(memory, 64) == std::vector<float>(64, 2.0f));
  check_cuda(cudaFree(memory), "cudaFree");
}

TEST_CASE("bindings are checked: size R0007, unknown buffer R0010, unbound host function R0008", "[runtime][gpu]") {
  const std::string path = graph_path("checked");
  const std::string text = R"(graph checked {
    buffer data : f32[64] device;
    host   h : report();
}
)";
  Program program = Program::from_text(path, text);
  float small[8] = {};
  int calls = 0;

  Bindings too_small;
  too_small.buffer("data", small, sizeof(small)).host("report", count_call, &calls);
  const Error size = error_of([&] { program.instantiate("checked", too_small); });
  CHECK(size.code() == "R0007");
  CHECK_THAT(size.what(), Catch::StartsWith(location_of(path, text, "data") +
                                            ": error[R0007]: buffer 'data' is bound to 32 bytes, but the graph "
                                            "declares 256 bytes\n"));

  Bindings misspelt;
  misspelt.buffer("dat", small, sizeof(small)).host("report", count_call, &calls);
  const Error unknown = error_of([&] { program.instantiate("checked", misspelt); });
  CHECK(unknown.code() == "R0010");
  CHECK_THAT(unknown.what(), Catch::StartsWith(location_of(path, text, "checked") +
                                               ": error[R0010]: graph 'checked' has no buffer 'dat'\n"));
  CHECK_THAT(unknown.what(), Catch::Contains(location_of(path, text, "data") + ": note: did you mean 'data'?"));

  const Error host = error_of([&] { program.instantiate("checked"); });
  CHECK(host.code() == "R0008");
  CHECK_THAT(host.what(), Catch::StartsWith(location_of(path, text, "report") +
                                            ": error[R0008]: host function 'report' of node 'h' is not set in the "
                                            "bindings\n"));
  CHECK(calls == 0);
}

}  // namespace
}  // namespace graphc::test

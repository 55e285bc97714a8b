// Instance::enable and enabled: a disabled node does nothing at the next launches
// (cudaGraphNodeSetEnabled) and keeps its parameters; only kernel, copy and memset nodes of
// the graph itself can be switched.
#include <catch2/catch.hpp>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

const std::string kText = R"(module "kernels.cu";
graph switched {
    const N = 256;
    buffer in    : f32[N] device = iota(0);
    buffer out1  : f32[N] device;
    buffer out2  : f32[N] device;
    buffer zeros : f32[N] device;
    param  scale : f32 = 2.0f;
    cond   c = 0;

    kernel first  : scale_into<<<ceil_div(N, 128), 128>>>(in, out1, scale, N);
    kernel second : scale_into<<<ceil_div(N, 128), 128>>>(in, out2, scale, N);
    memset clear  : zeros = 0.0f;
    empty  done;
    if     branch (c) { memset inside : zeros = 1.0f; }
    {first, second, clear} -> done -> branch;
}
)";

std::vector<float> enable_values(float factor) { return iota_scaled(256, factor); }

TEST_CASE("Instance::enable turns a kernel node off and on for the next launches", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("switched"), kText);
  Instance instance = program.instantiate("switched");
  instance.launch();
  CHECK(read_buffer<float>(instance, "out2") == enable_values(2.0f));
  CHECK(instance.enabled("second"));

  instance.enable("second", false);
  CHECK_FALSE(instance.enabled("second"));
  instance.set("scale", 3.0f);
  instance.launch();
  CHECK(read_buffer<float>(instance, "out1") == enable_values(3.0f));
  CHECK(read_buffer<float>(instance, "out2") == enable_values(2.0f));  // did not run

  instance.enable("second", true);
  CHECK(instance.enabled("second"));
  instance.launch();
  CHECK(read_buffer<float>(instance, "out2") == enable_values(3.0f));  // runs with the param set while it was off

  instance.enable("clear", false);  // a memset node
  CHECK_FALSE(instance.enabled("clear"));
}

TEST_CASE("Instance::enable refuses nodes CUDA cannot switch and unknown names", "[runtime][gpu]") {
  const std::string path = graph_path("switched");
  Program program = Program::from_text(path, kText);
  Instance instance = program.instantiate("switched");

  const Error empty = error_of([&] { instance.enable("done", false); });
  CHECK(empty.code() == "R0031");
  CHECK_THAT(empty.what(), Catch::StartsWith(location_of(path, kText, "done;") +
                                             ": error[R0031]: node 'done' cannot be enabled or disabled: CUDA "
                                             "switches only kernel, copy and memset nodes, not empty nodes"));
  const Error in_body = error_of([&] { (void)instance.enabled("inside"); });
  CHECK(in_body.code() == "R0031");
  CHECK_THAT(in_body.what(), Catch::Contains("it is in a body graph of conditional node 'branch'"));
  const Error unknown = error_of([&] { instance.enable("secnd", false); });
  CHECK(unknown.code() == "R0015");
}

}  // namespace
}  // namespace graphc::test

// Child graph nodes on the device: each call builds its graph with the call's buffers and
// values and moves it into a child graph node; a param passed on reaches the kernels of the
// child graphs (two levels down) through Instance::set; calls run inside conditional bodies
// and in graphs instantiated for device launch; a called graph's allocation lives in its
// child graph. Each expected result is computed here on the CPU.
#include <catch2/catch.hpp>

#include <vector>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

// in = iota(1) over 2048 elements; layer k scales its half: out[k] = in[k half] * s_k.
const std::string kCalls = R"(import "layers.graph";
graph calls {
    buffer in : f32[2048] device = iota(1);
    buffer out : f32[2048] device;
    buffer acc : f32[1024] device = fill(0);
    param gain : f32 = 2.0;
    call low : scale_layer(in, out, gain);
    call high : scale_layer(in + 1024, out + 1024, 0.5f);
    call repeat : twice(acc, gain);
    low -> high;
}
)";

std::vector<float> expected_out(float gain) {
  std::vector<float> out(2048);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<float>(i + 1) * (i < 1024 ? gain : 0.5f);
  return out;
}

TEST_CASE("each call embeds its graph, bound to the call's buffers and values", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("calls"), kCalls);
  Instance instance = program.instantiate("calls");
  cudaGraphNodeType type{};
  check_cuda(cudaGraphNodeGetType(instance.node("low"), &type), "cudaGraphNodeGetType");
  CHECK(type == cudaGraphNodeTypeGraph);
  cudaGraph_t child = nullptr;
  check_cuda(cudaGraphChildGraphNodeGetGraph(instance.node("low"), &child), "cudaGraphChildGraphNodeGetGraph");
  std::size_t count = 0;
  check_cuda(cudaGraphGetNodes(child, nullptr, &count), "cudaGraphGetNodes");
  CHECK(count == 4);  // tmp, scale, keep, release

  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == expected_out(2.0f));
  // acc = (0 * 2 + 1) * 2 + 1
  CHECK(read_buffer<float>(instance, "acc") == std::vector<float>(1024, 3.0f));

  // The new gain reaches `low`'s kernel and both of `repeat`'s, inside their child graphs.
  instance.set("gain", 3.0f);
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == expected_out(3.0f));
  // acc = ((3 * 3 + 1) * 3 + 1)
  CHECK(read_buffer<float>(instance, "acc") == std::vector<float>(1024, 31.0f));
  for (int launch = 0; launch < 2; ++launch) instance.launch();  // the child graphs' allocations each launch
  CHECK(read_buffer<float>(instance, "out") == expected_out(3.0f));
}

const std::string kInBody = R"(import "layers.graph";
graph in_body {
    buffer in : f32[1024] device = iota(0);
    buffer taken : f32[1024] device = fill(0);
    buffer skipped : f32[1024] device = fill(7);
    cond yes = 1;
    cond no = 0;
    if run (yes) { call c : bump(taken, 2.0f); }
    if never (no) { call d : bump(skipped, 2.0f); }
}
)";

TEST_CASE("a call in a conditional body runs when its handle is non-zero", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("in_body"), kInBody);
  Instance instance = program.instantiate("in_body");
  instance.launch();
  CHECK(read_buffer<float>(instance, "taken") == std::vector<float>(1024, 1.0f));    // 0 * 2 + 1
  CHECK(read_buffer<float>(instance, "skipped") == std::vector<float>(1024, 7.0f));  // untouched
}

const std::string kDevice = R"(import "layers.graph";
graph on_device [device_launch] {
    buffer x : f32[1024] device = fill(1);
    param s : f32 = 4.0;
    call c : twice(x, s);
}
)";

TEST_CASE("a graph instantiated for device launch embeds child graphs", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("on_device"), kDevice);
  Instance instance = program.instantiate("on_device");
  instance.launch();
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(1024, 21.0f));  // (1 * 4 + 1) * 4 + 1
  instance.set("s", 1.0f);  // updated in the exec, then uploaded again
  instance.launch();
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(1024, 23.0f));  // 21 + 1 + 1
}

}  // namespace
}  // namespace graphc::test

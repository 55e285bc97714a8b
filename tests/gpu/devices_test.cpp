// Several devices in one graph (data/devices.graph and .yaml), built by the runtime and by the
// generated code, each instantiated as one exec and launched on one stream of device 0, and
// checked against a CPU reference: a pipeline whose stages run on devices 0 and 1 with a
// peer copy between them, and a kernel on device 0 that writes device 1's memory through
// the peer access the buffer grants, and memory a mem alloc node takes from device 1's pool. Then what the runtime
// refuses: a device the machine lacks (R0072) and memory an unplaced kernel cannot reach (R0073). Needs two GPUs (label
// multi_gpu).
#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "devices.graph.h"

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

constexpr std::size_t kN = 8192;  // const N of devices.graph

// Fails the test on a machine with fewer than two devices, which cannot show placement.
void require_two_devices() {
  int devices = 0;
  check_cuda(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
  if (devices < 2) FAIL("needs two CUDA devices, and this machine has " << devices);
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
}

// The device whose memory `pointer` is (cudaPointerGetAttributes).
int device_of(const void* pointer) {
  cudaPointerAttributes attributes{};
  check_cuda(cudaPointerGetAttributes(&attributes, pointer), "cudaPointerGetAttributes");
  return attributes.device;
}

// Launches `launch` on a new stream of device 0 and waits for it.
template <class Launch>
void run_on_device_0(Launch launch) {
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
  cudaStream_t stream = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  launch(stream);
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
}

// `count` floats (start + i) * factor.
std::vector<float> expected(float start, float factor) {
  std::vector<float> out(kN);
  for (std::size_t i = 0; i < kN; ++i) out[i] = (start + static_cast<float>(i)) * factor;
  return out;
}

TEST_CASE("a pipeline over two devices with a peer copy between its stages: runtime", "[runtime][gpu][devices]") {
  require_two_devices();
  Program program = Program::load(graph_path("devices"));
  Instance instance = program.instantiate("stages");
  CHECK(device_of(instance.buffer("x")) == 0);
  CHECK(device_of(instance.buffer("act0")) == 0);
  CHECK(device_of(instance.buffer("act1")) == 1);
  CHECK(device_of(instance.buffer("result")) == 1);
  run_on_device_0([&](cudaStream_t stream) { instance.launch(stream); });
  CHECK(read_buffer<float>(instance, "home") == expected(0.0f, 6.0f));
  CHECK(read_buffer<float>(instance, "act1") == expected(0.0f, 2.0f));
  // A param of the node on device 1, set in the live exec from device 0.
  instance.set("factor", 4.0f);
  run_on_device_0([&](cudaStream_t stream) { instance.launch(stream); });
  CHECK(read_buffer<float>(instance, "home") == expected(0.0f, 8.0f));
}

TEST_CASE("a pipeline over two devices from YAML: runtime", "[runtime][gpu][devices]") {
  require_two_devices();
  Program program = Program::load(data_dir() + "/devices.yaml");
  Instance instance = program.instantiate("stages");
  CHECK(device_of(instance.buffer("act1")) == 1);
  run_on_device_0([&](cudaStream_t stream) { instance.launch(stream); });
  CHECK(read_buffer<float>(instance, "home") == expected(0.0f, 6.0f));
}

TEST_CASE("a pipeline over two devices with a peer copy between its stages: generated code",
          "[generated][gpu][devices]") {
  require_two_devices();
  namespace g = graphc::gen::stages;
  g::Storage storage;
  g::Graph graph(storage.bindings());
  const g::Bindings& b = graph.bindings();
  CHECK(device_of(b.x) == 0);
  CHECK(device_of(b.act1) == 1);
  CHECK(device_of(b.result) == 1);
  run_on_device_0([&](cudaStream_t stream) { graph.launch(stream); });
  CHECK(read<float>(b.home, kN) == expected(0.0f, 6.0f));
  graph.set_factor(4.0f);  // the node on device 1, updated in the live exec
  run_on_device_0([&](cudaStream_t stream) { graph.launch(stream); });
  CHECK(read<float>(b.home, kN) == expected(0.0f, 8.0f));
}

TEST_CASE("a kernel on one device writes another's memory through the peer access it grants: runtime",
          "[runtime][gpu][devices]") {
  require_two_devices();
  Program program = Program::load(graph_path("devices"));
  Instance instance = program.instantiate("remote");
  CHECK(device_of(instance.buffer("out")) == 1);
  run_on_device_0([&](cudaStream_t stream) { instance.launch(stream); });
  CHECK(read_buffer<float>(instance, "out") == expected(1.0f, 5.0f));
  CHECK(read_buffer<float>(instance, "twice") == expected(1.0f, 7.0f));
}

TEST_CASE("a kernel on one device writes another's memory through the peer access it grants: generated code",
          "[generated][gpu][devices]") {
  require_two_devices();
  namespace g = graphc::gen::remote;
  g::Storage storage;
  g::Graph graph(storage.bindings());
  CHECK(device_of(graph.bindings().out) == 1);
  run_on_device_0([&](cudaStream_t stream) { graph.launch(stream); });
  CHECK(read<float>(graph.bindings().out, kN) == expected(1.0f, 5.0f));
  CHECK(read<float>(graph.bindings().twice, kN) == expected(1.0f, 7.0f));
}

TEST_CASE("the runtime refuses a device the machine lacks and memory an unplaced kernel cannot reach",
          "[runtime][gpu][devices]") {
  require_two_devices();
  int devices = 0;
  check_cuda(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
  const std::string path = graph_path("placed");
  const std::string missing =
      "graph missing {\n    buffer far : f32[256] device(" + std::to_string(devices) + ");\n}\n";
  CHECK_THROWS_WITH(Program::from_text(path, missing).instantiate("missing"),
                    Catch::StartsWith(path + ":2:5: error[R0072]: buffer 'far' is placed on device " +
                                      std::to_string(devices) + ", but this machine has " + std::to_string(devices) +
                                      " CUDA devices"));
  // The kernel is unplaced, so it runs where the graph is built, device 0: the validator
  // cannot know that, and y grants device 0 nothing.
  const std::string unreachable =
      "module \"kernels.cu\";\ngraph unreachable {\n    buffer x : f32[256] device;\n"
      "    buffer y : f32[256] device(1);\n    kernel k : scale_into<<<1, 256>>>(x, y, 2.0f, 256);\n}\n";
  CHECK_THROWS_WITH(Program::from_text(path, unreachable).instantiate("unreachable"),
                    Catch::StartsWith(path + ":5:12: error[R0073]: kernel 'k' runs on device 0 and is passed 'y', "
                                             "memory of device 1, which grants device 0 no peer access; declare it "
                                             "with peers(0) after the buffer's device"));
}

}  // namespace
}  // namespace graphc::test

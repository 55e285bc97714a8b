// Device launch: graphs declared [device_launch] are instantiated with
// cudaGraphInstantiateFlagDeviceLaunch, and a kernel argument `@g` is graph g's exec, so a
// kernel can launch g from the device: itself as a tail launch, or another device graph
// fire and forget. Expected counts are computed here from the same inputs.
#include <catch2/catch.hpp>

#include <vector>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

const std::string kGraphs = R"(module "device_kernels.cu";
graph again [device_launch] {
    buffer counter : i32[1] device = {5};
    buffer runs    : i32[1] device = {0};
    kernel tick : count_runs<<<1, 1>>>(@again, counter, runs);
}

graph launcher [device_launch] {
    buffer total : i32[1] device;
    kernel before : bump<<<1, 1>>>(total, 1);
    kernel go     : start_worker<<<1, 1>>>(@worker);
    before -> go;
}

graph worker [device_launch] {
    buffer total : i32[1] device;
    kernel add : bump<<<1, 1>>>(total, 100);
}
)";

void write_int(void* device, int value) {
  check_cuda(cudaMemcpy(device, &value, sizeof(value), cudaMemcpyHostToDevice), "cudaMemcpy");
}

TEST_CASE("a device graph relaunches itself by tail launch through its own @g", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("device"), kGraphs);
  Instance instance = program.instantiate("again");
  unsigned long long flags = 0;
  check_cuda(cudaGraphExecGetFlags(instance.exec(), &flags), "cudaGraphExecGetFlags");
  CHECK((flags & cudaGraphInstantiateFlagDeviceLaunch) != 0);

  instance.launch();  // from the host: runs once, then 4 tail launches
  CHECK(read_buffer<int>(instance, "runs") == std::vector<int>{5});
  CHECK(read_buffer<int>(instance, "counter") == std::vector<int>{0});

  write_int(instance.buffer("counter"), 3);
  instance.launch();
  CHECK(read_buffer<int>(instance, "runs") == std::vector<int>{5 + 3});
}

TEST_CASE("a kernel launches another device graph, bindings reach the launched graph by name", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("device"), kGraphs);
  int* total = nullptr;
  check_cuda(cudaMalloc(reinterpret_cast<void**>(&total), sizeof(int)), "cudaMalloc");
  write_int(total, 0);
  Bindings bindings;
  bindings.buffer("total", total, sizeof(int));  // both graphs declare `total`: one memory
  {
    Instance instance = program.instantiate("launcher", bindings);
    CHECK(instance.launched("worker").buffer("total") == total);
    instance.launch();
    // The launcher's run completes with the work it launched.
    CHECK(read<int>(total, 1) == std::vector<int>{1 + 100});
    instance.launch();
    CHECK(read<int>(total, 1) == std::vector<int>{2 * (1 + 100)});
    const Error e = error_of([&] { (void)instance.launched("again"); });
    CHECK(e.code() == "R0030");
  }
  check_cuda(cudaFree(total), "cudaFree");
}

}  // namespace
}  // namespace graphc::test

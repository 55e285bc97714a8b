// Device graph updates on the device, data/device_updates.graph: a kernel sets the count
// argument and the grid of a `[device_updatable]` node from device memory before it runs
// (its handle passed as `&fill_y`, linked after the graph is built), launch after launch; a
// param the host sets on that node, and its enabled state, reach the next launch (the exec
// uploaded again first, as CUDA asks), and the device's update still applies over them.
// Against a CPU reference.
#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

#include "gpu_test_support.h"
#include "graphc/program.h"

namespace graphc::test {
namespace {

constexpr std::size_t kY = 1024;  // y's floats
constexpr int kWant = 300;        // want[0]: the count the device sets

// y after launches that filled its first kWant floats with `value`, from fill(-1).
std::vector<float> expected_y(float value) {
  std::vector<float> y(kY, -1.0f);
  for (int i = 0; i < kWant; ++i) y[static_cast<std::size_t>(i)] = value;
  return y;
}

TEST_CASE("device updates: a kernel sets a device-updatable node's argument and grid, the host its param",
          "[device_updates]") {
  Program program = Program::load(graph_path("device_updates"));
  Instance instance = program.instantiate("device_updates");
  instance.launch();
  instance.synchronize();
  CHECK(read<float>(instance.buffer("y"), kY) == expected_y(2.0f));  // `size` made the count 300 first

  instance.set("value", 5.0f);  // the host sets the node whole (count 1024 again) ...
  instance.launch();            // ... and `size` makes it 300 before it runs
  instance.launch();
  instance.synchronize();
  CHECK(read<float>(instance.buffer("y"), kY) == expected_y(5.0f));

  instance.enable("fill_y", false);  // from the host: uploaded again before the next launch
  instance.set("value", 7.0f);
  instance.launch();
  instance.synchronize();
  CHECK(read<float>(instance.buffer("y"), kY) == expected_y(5.0f));
  instance.enable("fill_y", true);
  instance.launch();
  instance.synchronize();
  CHECK(read<float>(instance.buffer("y"), kY) == expected_y(7.0f));
}

}  // namespace
}  // namespace graphc::test

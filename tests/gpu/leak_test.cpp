// Resources over many instances, and after a failure half-way through one: host memory
// (resident set, /proc/self/statm) and device memory (cudaMemGetInfo) stay flat over
// 10 000 load / instantiate / launch / destroy cycles of a graph with buffers, a param
// update, a child graph with its own allocation and a conditional node; and an instance
// whose instantiation fails (out of device memory at its second buffer) gives back the
// memory of the first. The figures are printed (`ctest -L leak -V` shows them).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>

#include <fmt/format.h>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

const std::string kCycle = R"(import "layers.graph";
graph cycle {
    buffer in : f32[1024] device = iota(1);
    buffer out : f32[1024] device;
    param gain : f32 = 2.0;
    cond go = 1;
    call scaled : scale_layer(in, out, gain);
    if check (go) { kernel again : scale_add<<<4, 256>>>(out, 1.0f, 1.0f, 1024); }
    scaled -> check;
}
)";

// Bytes of host memory resident now.
std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0;
  std::size_t resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

// Bytes of device memory in use now (total - free).
std::size_t device_used_bytes() {
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::size_t free = 0;
  std::size_t total = 0;
  check_cuda(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  return total - free;
}

void cycle_once() {
  Program program = Program::from_text(graph_path("cycle"), kCycle);
  Instance instance = program.instantiate("cycle");
  instance.set("gain", 3.0f);
  instance.launch();
  check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
}

constexpr std::size_t kMiB = std::size_t{1} << 20;

TEST_CASE("10 000 load, instantiate, launch and destroy cycles keep host and device memory flat", "[gpu][leak]") {
  for (int i = 0; i < 100; ++i) cycle_once();  // caches, pools and the driver settle first
  const std::size_t host_before = resident_bytes();
  const std::size_t device_before = device_used_bytes();
  for (int i = 0; i < 10000; ++i) cycle_once();
  const std::size_t host_after = resident_bytes();
  const std::size_t device_after = device_used_bytes();
  const auto growth = [](std::size_t before, std::size_t after) {
    return static_cast<double>(after) / static_cast<double>(kMiB) - static_cast<double>(before) / static_cast<double>(kMiB);
  };
  std::printf("leak figures: 10000 cycles: host resident %.1f MiB -> %.1f MiB (%+.1f MiB), device used %.1f MiB -> %.1f MiB (%+.1f MiB)\n",
              static_cast<double>(host_before) / kMiB, static_cast<double>(host_after) / kMiB,
              growth(host_before, host_after), static_cast<double>(device_before) / kMiB,
              static_cast<double>(device_after) / kMiB, growth(device_before, device_after));
  // One leaked graph, exec, library or 4 KiB buffer per cycle would be tens of MiB.
  CHECK(host_after < host_before + 8 * kMiB);
  CHECK(device_after < device_before + 8 * kMiB);
}

TEST_CASE("an instantiation that runs out of device memory gives back what it allocated", "[gpu][leak]") {
  std::size_t free = 0;
  std::size_t total = 0;
  check_cuda(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  // A first buffer of 1 GiB that fits, then one of twice the device's memory that does not.
  const std::string text = fmt::format(R"(graph greedy {{
    buffer fits : u8[{}] device;
    buffer huge : u8[{}] device;
    empty e;
}}
)",
                                       std::size_t{1} << 30, 2 * total);
  Program program = Program::from_text(graph_path("greedy"), text);
  const std::size_t before = device_used_bytes();
  const Error e = error_of([&] { program.instantiate("greedy"); });
  const std::size_t after = device_used_bytes();
  CHECK(e.code() == "R0001");
  CHECK_THAT(e.what(), Catch::Contains("cudaMalloc of " + std::to_string(2 * total) + " bytes for buffer 'huge'"));
  CHECK_THAT(e.what(), Catch::StartsWith(location_of(graph_path("greedy"), text, "buffer huge")));
  std::printf("leak figures: failed instantiation: device used %.1f MiB before, %.1f MiB after\n",
              static_cast<double>(before) / kMiB, static_cast<double>(after) / kMiB);
  CHECK(after < before + 8 * kMiB);  // the 1 GiB of `fits` is freed again
}

}  // namespace
}  // namespace graphc::test

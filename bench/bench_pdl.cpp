// bench_pdl: what the optimiser's programmatic dependent launch saves on the device. One
// graph file (bench/graphs/pdl_chain.graph: 100 dependent short kernels, each waiting for
// its dependencies with cudaGridDependencySynchronize), loaded twice in one process: at
// -O0, its edges as written (default edges), and at -O1, where the optimiser makes each
// edge into a waiting kernel programmatic (docs/cli.md, "Programmatic dependent launch").
// A row per kernel size (the file's N, given through LoadOptions::defines): each instance
// launched 200 times back to back, timed with CUDA events, the device time per launch the
// median of 7 rounds taken in turns. Prints both, the time per kernel at -O0, and the
// share of the device time that -O1 saves. Exits 1 if the two leave different numbers in
// the buffer. Run on a GPU: scripts/gpu, or build/bench/bench_pdl
#include <cuda_runtime_api.h>

#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "device.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "launch_timing.h"
#include "timing.h"

namespace {

constexpr int kKernels = 100;  // K of the graph file
constexpr int kLaunches = 200;
constexpr int kRounds = 7;

std::vector<float> contents(const graphc::Instance& instance, const char* buffer) {
  std::vector<float> host(instance.buffer_bytes(buffer) / sizeof(float));
  graphc::check_cuda(cudaMemcpy(host.data(), instance.buffer(buffer), instance.buffer_bytes(buffer),
                                cudaMemcpyDeviceToHost),
                     "cudaMemcpy (buf)");
  return host;
}

// The chain with kernels over `n` floats, at -O0 and at -O1: one row. False if the two
// left different numbers.
bool compare(int n, cudaStream_t stream) {
  graphc::LoadOptions o0;
  o0.optimize = false;
  o0.defines["N"] = std::to_string(n);
  graphc::LoadOptions o1;
  o1.defines["N"] = std::to_string(n);
  graphc::Program plain = graphc::Program::load(GRAPHC_PDL_CHAIN_GRAPH, o0);
  graphc::Program optimized = graphc::Program::load(GRAPHC_PDL_CHAIN_GRAPH, o1);
  const graphc::Instance default_edges = plain.instantiate("chain", graphc::Bindings{}, stream);
  const graphc::Instance programmatic = optimized.instantiate("chain", graphc::Bindings{}, stream);
  std::vector<double> o0_us;
  std::vector<double> o1_us;
  for (int round = 0; round < kRounds; ++round) {
    o0_us.push_back(graphc::bench::time_launches(default_edges.exec(), stream, kLaunches).device_us);
    o1_us.push_back(graphc::bench::time_launches(programmatic.exec(), stream, kLaunches).device_us);
  }
  const double t0 = graphc::bench::median(o0_us);
  const double t1 = graphc::bench::median(o1_us);
  fmt::print("{:>9} {:>7} {:>12.1f} {:>11.2f} {:>12.1f} {:>11.3f}x {:>8.1f}%\n", n, (n + 255) / 256, t0, t0 / kKernels,
             t1, t1 / t0, 100.0 * (1.0 - t1 / t0));
  return contents(default_edges, "buf") == contents(programmatic, "buf");
}

}  // namespace

int main() {
  if (!graphc::bench::have_device("bench_pdl")) return 77;
  cudaStream_t stream = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  fmt::print("bench_pdl: a chain of {} dependent kernels (bench/graphs/pdl_chain.graph), device time per launch,\n"
             "median of {} rounds of {} launches; -O0 keeps the default edges, -O1 makes them programmatic\n",
             kKernels, kRounds, kLaunches);
  fmt::print("{:>9} {:>7} {:>12} {:>11} {:>12} {:>12} {:>9}\n", "floats", "blocks", "-O0 us", "us/kernel", "-O1 us",
             "-O1 / -O0", "saved");
  int status = 0;
  for (const int n : {32768, 131072, 262144, 524288}) {
    if (!compare(n, stream)) {
      fmt::print("bench_pdl: at {} floats, -O1 left other numbers in buf than -O0\n", n);
      status = 1;
    }
  }
  graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return status;
}

// bench_order: what node creation order does on the device. One graph, built by graphc's
// runtime twice in one process:
//   -O0    nodes created in declared order: busy kernels that nothing waits for first,
//          then the start of a long chain;
//   -O1    the optimiser's order, longest path first: the chain's head (and the copy that
//          feeds it) before the busy kernels.
// The graph: an empty start, W independent busy kernels (each a full wave of blocks that
// spin F cycles), then optionally a host-to-device copy, then a chain of C one-block
// kernels that spin S cycles each, and an empty end after all. Both builds hold the same
// nodes and edges; only the order of creation differs. Device time per launch, medians of
// 7 rounds taken in turns. Run on a GPU: scripts/gpu, or build/bench/bench_order
#include <cuda_runtime_api.h>

#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "device.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "launch_timing.h"
#include "noop_kernel.h"
#include "timing.h"

namespace graphc::bench {
namespace {

struct Config {
  const char* name;
  int busy = 0;                // W: independent busy kernels
  long long busy_cycles = 0;   // F
  int chain = 0;               // C: kernels in the chain
  long long chain_cycles = 0;  // S
  std::size_t copy_bytes = 0;  // the copy feeding the chain; 0: none
};

std::string graph_text(const Config& c, int blocks) {
  std::string text = "graph g {\n";
  if (c.copy_bytes > 0) {
    text += fmt::format("    buffer h : u8[{}] host;\n    buffer d : u8[{}] device;\n", c.copy_bytes, c.copy_bytes);
  }
  text += "    empty start;\n";
  std::vector<std::string> busy;
  for (int i = 0; i < c.busy; ++i) {
    busy.push_back(fmt::format("busy{}", i));
    text += fmt::format("    kernel busy{} : spin<<<{}, 256>>>({}ll);\n", i, blocks, c.busy_cycles);
  }
  if (c.copy_bytes > 0) text += "    copy upload : d <- h;\n";
  std::vector<std::string> chain;
  for (int i = 0; i < c.chain; ++i) {
    chain.push_back(fmt::format("c{}", i));
    text += fmt::format("    kernel c{} : spin<<<1, 32>>>({}ll);\n", i, c.chain_cycles);
  }
  text += "    empty end;\n";
  const std::string head = c.copy_bytes > 0 ? "upload" : chain.front();
  text += fmt::format("    start -> {{{}, {}}};\n", fmt::join(busy, ", "), head);
  text += fmt::format("    {} -> {} -> end;\n", c.copy_bytes > 0 ? "upload -> " + chain.front() : chain.front(),
                      fmt::join(chain.begin() + 1, chain.end(), " -> "));
  text += fmt::format("    {{{}}} -> end;\n}}\n", fmt::join(busy, ", "));
  return text;
}

double device_us(Program& program, cudaStream_t stream) {
  Bindings bindings;
  bindings.kernel_symbol("spin", spin_kernel());
  Instance instance = program.instantiate("g", bindings, stream);
  return time_launches(instance.exec(), stream, 50).device_us;
}

void row(const Config& c, int blocks, cudaStream_t stream) {
  const std::string text = graph_text(c, blocks);
  Program o0 = Program::from_text("order.graph", text, LoadOptions{.optimize = false});
  Program o1 = Program::from_text("order.graph", text);
  std::vector<double> t0, t1;
  for (int round = 0; round < 7; ++round) {
    t0.push_back(device_us(o0, stream));
    t1.push_back(device_us(o1, stream));
  }
  const double d0 = median(t0);
  const double d1 = median(t1);
  std::printf("%-14s %4d %8lld %4d %7lld %9zu | %9.1f %9.1f | %6.2f\n", c.name, c.busy, c.busy_cycles, c.chain,
              c.chain_cycles, c.copy_bytes, d0, d1, d0 / d1);
  std::fflush(stdout);
}

}  // namespace
}  // namespace graphc::bench

int main() {
  using namespace graphc::bench;
  if (!have_device("bench_order")) return 77;
  cudaDeviceProp prop{};
  graphc::check_cuda(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  // A full wave: as many 256-thread blocks as the device holds at once.
  const int blocks = prop.multiProcessorCount * (prop.maxThreadsPerMultiProcessor / 256);
  cudaStream_t stream = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  std::printf("bench_order on %s: busy kernels are %d blocks of 256 threads; device us per launch, medians of 7.\n",
              prop.name, blocks);
  std::puts("O0/O1: how many times less device time the optimiser's creation order takes (1 = no difference).");
  std::puts("");
  std::printf("%-14s %4s %8s %4s %7s %9s | %9s %9s | %6s\n", "", "W", "F cyc", "C", "S cyc", "copy B", "dev O0",
              "dev O1", "O0/O1");
  const Config configs[] = {
      {"chain", 16, 20000, 32, 10000, 0},
      {"copy+chain", 16, 20000, 32, 10000, std::size_t{8} << 20},
      {"many busy", 64, 20000, 16, 20000, 0},
      {"short busy", 64, 2000, 64, 2000, 0},
  };
  for (const Config& c : configs) row(c, blocks, stream);
  graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return 0;
}

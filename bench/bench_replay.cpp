// bench_replay: a chain of N empty kernels run end to end (submitted, then waited for),
// four ways in one process:
//   stream    N cudaLaunchKernel calls on a stream, every step;
//   capture   the N launches captured (cudaStreamBeginCapture), instantiated and launched
//             every step, as code that re-captures each step does;
//   captured  captured and instantiated once, then cudaGraphLaunch every step;
//   graphc    the same chain from a .graph file (Program::instantiate once), launched every step.
// Prints microseconds per step (medians of 5 rounds of `steps` steps, the ways taking
// turns) and how many times cheaper graphc's replay is. Run on a GPU: build/bench/bench_replay
#include <cuda_runtime_api.h>

#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "device.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "noop_kernel.h"
#include "timing.h"

namespace graphc::bench {
namespace {

void wait(cudaStream_t stream) { check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize"); }

cudaGraph_t capture(cudaStream_t stream, int kernels) {
  cudaGraph_t graph = nullptr;
  check_cuda(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
  for (int k = 0; k < kernels; ++k) launch_noop(stream);
  check_cuda(cudaStreamEndCapture(stream, &graph), "cudaStreamEndCapture");
  return graph;
}

// Microseconds per step of `step`, run `steps` times.
template <class Step>
double per_step(int steps, Step step) {
  const Clock::time_point start = Clock::now();
  for (int s = 0; s < steps; ++s) step();
  return us_since(start) / steps;
}

std::string chain_text(int kernels) {
  std::string text = "graph chain {\n";
  for (int k = 0; k < kernels; ++k) text += fmt::format("    kernel k{} : noop<<<1, 32>>>();\n", k);
  for (int k = 1; k < kernels; ++k) text += fmt::format("    k{} -> k{};\n", k - 1, k);
  return text + "}\n";
}

void row(int kernels, cudaStream_t stream) {
  const int steps = kernels >= 1000 ? 20 : 200;
  cudaGraph_t once = capture(stream, kernels);
  cudaGraphExec_t once_exec = nullptr;
  check_cuda(cudaGraphInstantiate(&once_exec, once, 0), "cudaGraphInstantiate");
  check_cuda(cudaGraphUpload(once_exec, stream), "cudaGraphUpload");
  Program program = Program::from_text("chain.graph", chain_text(kernels));
  Bindings bindings;
  bindings.kernel_symbol("noop", noop_kernel());
  Instance instance = program.instantiate("chain", bindings, stream);

  std::vector<double> stream_us, capture_us, captured_us, graphc_us;
  for (int round = 0; round < 5; ++round) {
    stream_us.push_back(per_step(steps, [&] {
      for (int k = 0; k < kernels; ++k) launch_noop(stream);
      wait(stream);
    }));
    capture_us.push_back(per_step(steps, [&] {
      cudaGraph_t graph = capture(stream, kernels);
      cudaGraphExec_t exec = nullptr;
      check_cuda(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
      check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
      wait(stream);
      check_cuda(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
      check_cuda(cudaGraphDestroy(graph), "cudaGraphDestroy");
    }));
    captured_us.push_back(per_step(steps, [&] {
      check_cuda(cudaGraphLaunch(once_exec, stream), "cudaGraphLaunch");
      wait(stream);
    }));
    graphc_us.push_back(per_step(steps, [&] {
      instance.launch(stream);
      wait(stream);
    }));
  }
  const double s = median(stream_us), c = median(capture_us), o = median(captured_us), g = median(graphc_us);
  std::printf("%7d | %9.1f %9.1f %9.1f %9.1f | %6.2f %6.2f %6.2f\n", kernels, s, c, o, g, s / g, c / g, o / g);
  std::fflush(stdout);
  check_cuda(cudaGraphExecDestroy(once_exec), "cudaGraphExecDestroy");
  check_cuda(cudaGraphDestroy(once), "cudaGraphDestroy");
}

}  // namespace
}  // namespace graphc::bench

int main() {
  using namespace graphc::bench;
  if (!have_device("bench_replay")) return 77;
  std::puts("bench_replay: a chain of N empty kernels (1 block of 32 threads) per step, submitted and waited for;");
  std::puts("us per step, median of 5 rounds (the four ways in turn). Ratios: how many times cheaper graphc's");
  std::puts("replay is than each other way (captured = captured once and replayed, the same graph by hand).");
  std::puts("");
  std::printf("%7s | %9s %9s %9s %9s | %6s %6s %6s\n", "kernels", "stream", "capture", "captured", "graphc", "str/g",
              "cap/g", "once/g");
  cudaStream_t stream = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  for (const int kernels : {10, 100, 1000}) row(kernels, stream);
  graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return 0;
}

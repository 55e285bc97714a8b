// bench_cg: samples/cg_solver's conjugate-gradient solve (65 536 unknowns, one WHILE node
// repeating the iteration on the device until ||r|| / ||b|| < 1e-6) written two ways, in
// one process: cg_solver.graph, the sample's own kernels (CSR SpMV, dot products in double
// in a fixed order, fused vector updates), and cg_solver_library.graph, cuSPARSE's SpMV and
// cuBLAS's level 1 in device pointer mode (capture nodes). Each graph is loaded once
// (graphc::Program::load, kernels by NVRTC) and its whole solve launched and timed with
// CUDA events; its us per iteration is the solve's device time over the iterations it ran
// (h_iters). Prints both, medians of 5 solves each (the ways taking turns), and the library
// version's time per iteration over the hand-written one's. Exits 1 if a solve did not
// converge. Run on a GPU: build/bench/bench_cg
#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "device.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "timing.h"

namespace graphc::bench {
namespace {

struct Solve {
  double us = 0;         // device time of the launch: the whole solve
  int iterations = 0;    // h_iters
  float residual = 0.f;  // h_residual
};

class Way {
 public:
  Way(std::string label, const std::string& path)
      : label_(std::move(label)), program_(Program::load(path)), instance_(program_.instantiate("cg_solver")) {}

  Solve solve(cudaStream_t stream, cudaEvent_t start, cudaEvent_t stop) {
    check_cuda(cudaEventRecord(start, stream), "cudaEventRecord");
    instance_.launch(stream);
    check_cuda(cudaEventRecord(stop, stream), "cudaEventRecord");
    check_cuda(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    // The h_ buffers are pinned host memory that the graph's last copies filled.
    return Solve{ms * 1000.0, *static_cast<const std::int32_t*>(instance_.buffer("h_iters")),
                 *static_cast<const float*>(instance_.buffer("h_residual"))};
  }

  const std::string& label() const { return label_; }

 private:
  std::string label_;
  Program program_;
  Instance instance_;
};

}  // namespace
}  // namespace graphc::bench

int main() {
  using namespace graphc::bench;
  if (!have_device("bench_cg")) return 77;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  graphc::check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  graphc::check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<Way> ways;
  ways.emplace_back("hand-written kernels (cg_solver.graph)", GRAPHC_CG_GRAPH);
  ways.emplace_back("cuSPARSE + cuBLAS (cg_solver_library.graph)", GRAPHC_CG_LIBRARY_GRAPH);
  for (Way& way : ways) (void)way.solve(stream, start, stop);  // warm up: uploads, first launches

  std::vector<std::vector<double>> per_iteration(ways.size());
  std::vector<Solve> last(ways.size());
  for (int round = 0; round < 5; ++round) {
    for (std::size_t w = 0; w < ways.size(); ++w) {
      last[w] = ways[w].solve(stream, start, stop);
      per_iteration[w].push_back(last[w].us / last[w].iterations);
    }
  }
  std::puts("bench_cg: one CG solve of samples/cg_solver (65 536 unknowns, WHILE until ||r||/||b|| < 1e-6),");
  std::puts("device time per iteration, median of 5 solves");
  int status = 0;
  for (std::size_t w = 0; w < ways.size(); ++w) {
    const Solve& s = last[w];
    fmt::print("{:<46} {:8.2f} us/iteration  ({} iterations, {:.1f} us a solve, residual {:.3g})\n", ways[w].label(),
               median(per_iteration[w]), s.iterations, s.us, s.residual);
    if (!(s.residual < 1e-6f) || s.iterations <= 0) {
      fmt::print("bench_cg: {} did not converge\n", ways[w].label());
      status = 1;
    }
  }
  fmt::print("library / hand-written: {:.2f}x the time per iteration\n",
             median(per_iteration[1]) / median(per_iteration[0]));
  graphc::check_cuda(cudaEventDestroy(stop), "cudaEventDestroy");
  graphc::check_cuda(cudaEventDestroy(start), "cudaEventDestroy");
  graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return status;
}

// bench_device_updates: a mixture-of-experts routing step, its expert kernels sized from the
// device against the host round trip. samples/moe_router (4096 tokens of width 128, 4
// experts) two ways, in one process on one GPU:
//   device   moe_router.graph through the runtime: one graph launch, whose router sets each
//            expert node's arguments, grid and enabled state (device graph updates);
//   host     the same kernels on a stream: the router's counts copied to the host and
//            waited for, then each expert launched with its grid (moe_host_round_trip.cu).
// Each step ends with the outputs on the host (a synchronized step, as a serving loop reads
// them). Printed: us a step, the median of 7 rounds of 200 steps, and host / device. Both
// ways' outputs are compared with each other and with the CPU reference: exit 1 on a
// difference.
//   build/bench/bench_device_updates
#include <cuda_runtime_api.h>

#include <cstdio>
#include <vector>

#include "device.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "moe_host_round_trip.h"
#include "moe_router/reference.h"
#include "timing.h"

namespace {

namespace ref = graphc::samples::moe_router;
constexpr int kTokensPerBlock = 8;  // moe_router.graph's TPB
constexpr int kSteps = 200;
constexpr int kRounds = 7;

// Microseconds a step: the median of kRounds rounds of kSteps steps.
template <class Step>
double us_per_step(Step step) {
  for (int i = 0; i < 20; ++i) step();  // warm-up
  return graphc::bench::median_of(kRounds, [&] {
    const auto start = graphc::bench::Clock::now();
    for (int i = 0; i < kSteps; ++i) step();
    return graphc::bench::us_since(start) / kSteps;
  });
}

bool same(const float* got, const std::vector<float>& want, const char* what) {
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (got[i] != want[i]) {
      std::printf("MISMATCH: %s[%zu] = %g, the CPU reference %g\n", what, i, static_cast<double>(got[i]),
                  static_cast<double>(want[i]));
      return false;
    }
  }
  return true;
}

}  // namespace

int main() {
  if (!graphc::bench::have_device("bench_device_updates")) return 77;
  const std::vector<float> want_y = ref::reference();
  const std::vector<float> want_counts = ref::counts_reference();

  graphc::Program program = graphc::Program::load(GRAPHC_MOE_GRAPH);
  graphc::Instance instance = program.instantiate("moe");
  cudaStream_t stream = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  const double device_us = us_per_step([&] {
    instance.launch(stream);
    graphc::check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  });
  const auto* device_y = static_cast<const float*>(instance.buffer("h_y"));
  const auto* device_counts = static_cast<const int*>(instance.buffer("h_counts"));

  const std::size_t cells = static_cast<std::size_t>(ref::tokens) * ref::d;
  using graphc::Allocation;
  using graphc::MemorySpace;
  const Allocation<float> x(cells, MemorySpace::device, "x");
  const Allocation<float> gate(static_cast<std::size_t>(ref::experts) * ref::d, MemorySpace::device, "gate");
  const Allocation<float> w(static_cast<std::size_t>(ref::experts) * ref::d * ref::d, MemorySpace::device, "w");
  const Allocation<float> y(cells, MemorySpace::device, "y");
  const Allocation<int> choice(ref::tokens, MemorySpace::device, "choice");
  const Allocation<int> order(ref::tokens, MemorySpace::device, "order");
  const Allocation<int> counts(ref::experts, MemorySpace::device, "counts");
  const Allocation<float> h_y(cells, MemorySpace::host, "h_y");
  const Allocation<int> h_counts(ref::experts, MemorySpace::host, "h_counts");
  const graphc::bench::MoeBuffers buffers{x.get(),      gate.get(), w.get(),   choice.get(),  order.get(),
                                          counts.get(), y.get(),    h_y.get(), h_counts.get()};
  graphc::check_cuda(cudaMemset(y.get(), 0, cells * sizeof(float)), "cudaMemset");
  const double host_us =
      us_per_step([&] { graphc::bench::moe_host_step(buffers, ref::tokens, ref::d, kTokensPerBlock, stream); });
  graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");

  std::vector<float> got_counts(device_counts, device_counts + ref::experts);
  std::vector<float> host_counts(h_counts.get(), h_counts.get() + ref::experts);
  const bool ok = same(device_y, want_y, "device h_y") && same(got_counts.data(), want_counts, "device h_counts") &&
                  same(h_y.get(), want_y, "host h_y") && same(host_counts.data(), want_counts, "host h_counts");
  std::printf("moe_router: %d tokens of width %d over %d experts (counts %g %g %g %g)\n", ref::tokens, ref::d,
              ref::experts, static_cast<double>(want_counts[0]), static_cast<double>(want_counts[1]),
              static_cast<double>(want_counts[2]), static_cast<double>(want_counts[3]));
  std::printf("device-updated graph (graphc)   %8.1f us a step\n", device_us);
  std::printf("host round trip (stream)        %8.1f us a step\n", host_us);
  std::printf("host round trip / device-updated graph: %.2fx\n", host_us / device_us);
  std::printf("outputs: %s\n", ok ? "both match the CPU reference" : "MISMATCH");
  return ok ? 0 : 1;
}

// moe_router, runtime path: moe_router.graph loaded at run time (graphc::Program::load,
// kernels compiled by NVRTC), its experts' device node handles given to the router when the
// graph is built; launched three times and checked against the same CPU reference as the
// generated path.
//
//   sample_moe_router_runtime samples/moe_router/moe_router.graph [--print h_y] [--print h_counts]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "reference.h"

namespace {

using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options& options) {
  graphc::Program program = graphc::Program::load(options.positional[0]);
  graphc::Instance instance = program.instantiate("moe");
  for (int launch = 0; launch < 3; ++launch) instance.launch();
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  const std::span h_y(static_cast<const float*>(instance.buffer("h_y")), instance.buffer_bytes("h_y") / sizeof(float));
  const std::span h_counts(static_cast<const int*>(instance.buffer("h_counts")),
                           instance.buffer_bytes("h_counts") / sizeof(int));
  return {{"h_y", {h_y.begin(), h_y.end()}}, {"h_counts", {h_counts.begin(), h_counts.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  namespace ref = graphc::samples::moe_router;
  return graphc::samples::sample_main(argc, argv, "moe_router (runtime)", 1, run,
                                      {{"h_y", ref::reference, 0}, {"h_counts", ref::counts_reference, 0}});
}

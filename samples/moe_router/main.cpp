// moe_router, generated path: the graph of moe_router.graph as the C++ that `graphc compile`
// wrote, held by its gen::Graph, launched three times (each launch's router sizes the
// expert nodes from the device again), and checked against the CPU reference: every
// token's output row and each expert's count.
//
//   sample_moe_router_generated [--print h_y] [--print h_counts]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "common/stream.h"
#include "graphc/generated_support.h"
#include "moe_router.graph.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::moe;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  const gen::Graph graph(stream.get());
  for (int launch = 0; launch < 3; ++launch) graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  const std::span<const float> h_y(static_cast<const float*>(graph.bindings().h_y), gen::h_y_count);
  const std::span<const int> h_counts(static_cast<const int*>(graph.bindings().h_counts), gen::h_counts_count);
  return {{"h_y", {h_y.begin(), h_y.end()}}, {"h_counts", {h_counts.begin(), h_counts.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  namespace ref = graphc::samples::moe_router;
  return graphc::samples::sample_main(argc, argv, "moe_router (generated)", 0, run,
                                      {{"h_y", ref::reference, 0}, {"h_counts", ref::counts_reference, 0}});
}

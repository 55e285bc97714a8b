// heat2d, generated path: the graph built by the C++ that `graphc compile` wrote from
// heat2d.graph (heat2d.graph.h / .cu, by graphc_add_graph at build time), launched once
// and checked against the CPU reference within 1e-5 relative error (norm-wise).
//
//   sample_heat2d_generated [--print h_out]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "common/stream.h"
#include "heat2d.graph.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::heat2d;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  const gen::Graph graph(stream.get());  // allocates the buffers (h_in = fill(0.25f)), builds, instantiates, uploads
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  // h_out is pinned host memory: the download node has copied the result into it.
  const std::span<const float> h_out(graph.bindings().h_out, gen::h_out_count);
  return {{"h_out", {h_out.begin(), h_out.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  namespace heat = graphc::samples::heat2d;
  return graphc::samples::sample_main(argc, argv, "heat2d (generated)", 0, run,
                                      {"h_out", [] { return heat::reference(heat::default_alpha); }, 1e-5});
}

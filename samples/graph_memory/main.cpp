// graph_memory, generated path: the graph built by the C++ that `graphc compile` wrote
// from graph_memory.graph (graph_memory.graph.h / .cu, by graphc_add_graph at build time),
// launched once and checked against the CPU reference. The Graph's Storage allocates the
// four buffers; the scratch memory is the graph's own, from its mem alloc node to its mem
// free node (build() keeps its address in graph.nodes().scratch_dptr).
//
//   sample_graph_memory_generated [--print h_out]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "common/stream.h"
#include "graph_memory.graph.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::graph_memory;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  const gen::Graph graph(stream.get());  // allocates the buffers (h_in = iota(0)), builds, instantiates, uploads
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  // h_out is pinned host memory: the download node has copied the result into it.
  const std::span<const float> h_out(graph.bindings().h_out, gen::h_out_count);
  return {{"h_out", {h_out.begin(), h_out.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "graph_memory (generated)", 0, run,
                                      {"h_out", graphc::samples::graph_memory::reference, 1e-6});
}

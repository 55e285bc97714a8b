// train_step, generated path: the graph built by the C++ that `graphc compile` wrote from
// train_step.graph (train_step.graph.h / .cu, by graphc_add_graph at build time), launched
// once and checked against the CPU reference.
//
//   sample_train_step_generated [--print h_data]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "common/stream.h"
#include "reference.h"
#include "train_step.graph.h"

namespace {

namespace gen = graphc::gen::train_step;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  const gen::Graph graph(stream.get());  // allocates the buffers (h_data = iota(0)), builds, instantiates, uploads
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  // h_data is pinned host memory: the download node has copied the result into it.
  const std::span<const float> h_data(graph.bindings().h_data, gen::h_data_count);
  return {{"h_data", {h_data.begin(), h_data.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  namespace ts = graphc::samples::train_step;
  return graphc::samples::sample_main(argc, argv, "train_step (generated)", 0, run,
                                      {"h_data", [] { return ts::reference(ts::default_scale); }, 1e-5});
}

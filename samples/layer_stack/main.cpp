// layer_stack, generated path: the graph built by the C++ that `graphc compile` wrote from
// layer_stack.graph (with the graph `residual` it imports from layers.graph), launched
// once with the default alpha, then again after set_alpha() has passed a new alpha on to
// the kernels inside the layers' child graphs; both results checked against the CPU
// reference.
//
//   sample_layer_stack_generated [--print h_out] [--print h_out_alpha_075]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "common/stream.h"
#include "layer_stack.graph.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::layer_stack;
namespace ref = graphc::samples::layer_stack;
using graphc::samples::NamedBuffer;

std::vector<float> copy_out(const gen::Bindings& bindings) {
  // h_out is pinned host memory: the download node has copied the result into it.
  const std::span<const float> h_out(bindings.h_out, gen::h_out_count);
  return {h_out.begin(), h_out.end()};
}

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  gen::Graph graph(stream.get());  // alpha at its default, 0.5
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  std::vector<NamedBuffer> out{{"h_out", copy_out(graph.bindings())}};

  graph.set_alpha(0.75f);  // reaches layers l0, l1 and l3
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  out.push_back({"h_out_alpha_075", copy_out(graph.bindings())});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "layer_stack (generated)", 0, run,
                                      {{"h_out", [] { return ref::reference(0.5f); }, 1e-6},
                                       {"h_out_alpha_075", [] { return ref::reference(0.75f); }, 1e-6}});
}

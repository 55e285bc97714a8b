// layer_stack, generated path: the graph built by the C++ that `graphc compile` wrote from
// layer_stack.graph (with the graph `residual` it imports from layers.graph), launched
// once with the default alpha, then again after update_params() has passed a new alpha on
// to the kernels inside the layers' child graphs; both results checked against the CPU
// reference.
//
//   sample_layer_stack_generated [--print h_out] [--print h_out_alpha_075]
#include <span>
#include <vector>

#include "common/cuda_handles.h"
#include "common/sample_main.h"
#include "layer_stack.graph.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::layer_stack;
namespace ref = graphc::samples::layer_stack;
using graphc::samples::NamedBuffer;

std::vector<float> copy_out(const gen::Bindings& bindings) {
  // h_out is pinned host memory: the download node has copied the result into it.
  const std::span<const float> h_out(static_cast<const float*>(bindings.h_out), gen::h_out_count);
  return {h_out.begin(), h_out.end()};
}

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const gen::Storage storage;
  gen::Bindings bindings = storage.bindings();
  const graphc::samples::UniqueGraph graph = graphc::samples::create_graph();
  gen::Nodes nodes;
  gen::build(graph.get(), bindings, nodes);
  const graphc::samples::UniqueStream stream = graphc::samples::create_stream();
  const graphc::samples::UniqueGraphExec exec =
      graphc::samples::instantiate(graph.get(), stream.get(), gen::instantiate_flags);
  graphc::samples::launch_and_wait(exec.get(), stream.get());
  std::vector<NamedBuffer> out{{"h_out", copy_out(bindings)}};

  bindings.alpha = 0.75f;
  gen::update_params(exec.get(), nodes, bindings);  // reaches layers l0, l1 and l3
  graphc::samples::launch_and_wait(exec.get(), stream.get());
  out.push_back({"h_out_alpha_075", copy_out(bindings)});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "layer_stack (generated)", 0, run,
                                      {{"h_out", [] { return ref::reference(0.5f); }, 1e-6},
                                       {"h_out_alpha_075", [] { return ref::reference(0.75f); }, 1e-6}});
}

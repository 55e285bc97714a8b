// heat2d, generated path: the graph built by the C++ that `graphc compile` wrote from
// heat2d.graph (heat2d.graph.h / .cu, by graphc_add_graph at build time), launched once
// and checked against the CPU reference within 1e-5 relative error (norm-wise).
//
//   sample_heat2d_generated [--print h_out]
#include <span>
#include <vector>

#include "common/cuda_handles.h"
#include "common/sample_main.h"
#include "heat2d.graph.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::heat2d;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const gen::Storage storage;  // allocates the buffers, h_in = fill(0.25f)
  const gen::Bindings bindings = storage.bindings();
  const graphc::samples::UniqueGraph graph = graphc::samples::create_graph();
  gen::Nodes nodes;
  gen::build(graph.get(), bindings, nodes);
  const graphc::samples::UniqueStream stream = graphc::samples::create_stream();
  const graphc::samples::UniqueGraphExec exec = graphc::samples::instantiate(graph.get(), stream.get());
  graphc::samples::launch_and_wait(exec.get(), stream.get());
  // h_out is pinned host memory: the download node has copied the result into it.
  const std::span<const float> h_out(static_cast<const float*>(bindings.h_out), gen::h_out_count);
  return {{"h_out", {h_out.begin(), h_out.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  namespace heat = graphc::samples::heat2d;
  return graphc::samples::sample_main(argc, argv, "heat2d (generated)", 0, run,
                                      {"h_out", [] { return heat::reference(heat::default_alpha); }, 1e-5});
}

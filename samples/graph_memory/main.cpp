// graph_memory, generated path: the graph built by the C++ that `graphc compile` wrote
// from graph_memory.graph (graph_memory.graph.h / .cu, by graphc_add_graph at build time),
// launched once and checked against the CPU reference. Storage allocates the four
// buffers; the scratch memory is the graph's own, from its mem alloc node to its mem free
// node (build() keeps its address in nodes.scratch_dptr).
//
//   sample_graph_memory_generated [--print h_out]
#include <span>
#include <vector>

#include "common/cuda_handles.h"
#include "common/sample_main.h"
#include "graph_memory.graph.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::graph_memory;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const gen::Storage storage;  // allocates the buffers, h_in = iota(0)
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
  return graphc::samples::sample_main(argc, argv, "graph_memory (generated)", 0, run,
                                      {"h_out", graphc::samples::graph_memory::reference, 1e-6});
}

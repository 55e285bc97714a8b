// transformer_decode, generated path: the graph built by the C++ that `graphc compile` wrote
// from transformer_decode.graph (its GEMMs captured from cuBLAS by the generated capture
// functions), launched once per token with set_pos() before each, the residual stream of
// every step checked against the CPU reference.
//
//   sample_transformer_decode_generated [--print h_out] [--print hidden]
#include <span>
#include <vector>

#include "common/cuda_handles.h"
#include "common/sample_main.h"
#include "reference.h"
#include "transformer_decode.graph.h"

namespace {

namespace gen = graphc::gen::decode;
namespace ref = graphc::samples::transformer_decode;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const gen::Storage storage;
  gen::Bindings bindings = storage.bindings();
  const graphc::samples::UniqueGraph graph = graphc::samples::create_graph();
  gen::Nodes nodes;
  gen::build(graph.get(), bindings, nodes);
  const graphc::samples::UniqueStream stream = graphc::samples::create_stream();
  const graphc::samples::UniqueGraphExec exec =
      graphc::samples::instantiate(graph.get(), stream.get(), gen::instantiate_flags);
  // h_out is pinned host memory: the download node has copied the step's result into it.
  const std::span<const float> h_out(static_cast<const float*>(bindings.h_out), gen::h_out_count);
  std::vector<float> hidden;
  for (int pos = 0; pos < ref::kSteps; ++pos) {
    gen::set_pos(exec.get(), nodes, bindings, pos);
    graphc::samples::launch_and_wait(exec.get(), stream.get());
    hidden.insert(hidden.end(), h_out.begin(), h_out.end());
  }
  return {{"h_out", {hidden.begin(), hidden.begin() + static_cast<long>(h_out.size())}}, {"hidden", hidden}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "transformer_decode (generated)", 0, run,
                                      {{"h_out", [] { return ref::reference(1); }, 1e-4},
                                       {"hidden", [] { return ref::reference(ref::kSteps); }, 1e-4}});
}

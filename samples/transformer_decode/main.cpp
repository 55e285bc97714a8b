// transformer_decode, generated path: the graph built by the C++ that `graphc compile` wrote
// from transformer_decode.graph (its GEMMs captured from cuBLAS by the generated capture
// functions), launched once per token with set_pos() before each, the residual stream of
// every step checked against the CPU reference. Built with TRANSFORMER_DECODE_BF16 (target
// sample_transformer_decode_bf16_generated), the same from transformer_decode_bf16.graph
// (cuBLASLt matmuls, bf16 data), its bf16 h_out widened to float for the comparison.
//
//   sample_transformer_decode_generated [--print h_out] [--print hidden]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "common/stream.h"
#include "decode_precision.h"
#include "reference.h"
#ifdef TRANSFORMER_DECODE_BF16
#include "transformer_decode_bf16.graph.h"
#else
#include "transformer_decode.graph.h"
#endif

namespace {

namespace gen = graphc::gen::decode;
namespace ref = graphc::samples::transformer_decode;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  gen::Graph graph(stream.get());  // build() captures the GEMMs with the Storage's capture resources
  // h_out is pinned host memory: the download node has copied the step's result into it.
  const std::span h_out(graph.bindings().h_out, gen::h_out_count);
  std::vector<float> hidden;
  for (int pos = 0; pos < ref::kSteps; ++pos) {
    graph.set_pos(pos);
    graph.launch(stream.get());
    graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
    for (const ref::Stored v : h_out) hidden.push_back(ref::widen(v));
  }
  return {{"h_out", {hidden.begin(), hidden.begin() + static_cast<long>(h_out.size())}}, {"hidden", hidden}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(
      argc, argv, ref::kGeneratedName, 0, run,
      {{"h_out", [] { return ref::reference(1, ref::kPrecision); }, ref::kTolerance},
       {"hidden", [] { return ref::reference(ref::kSteps, ref::kPrecision); }, ref::kTolerance}});
}

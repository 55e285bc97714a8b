// transformer_decode, runtime path: transformer_decode.graph loaded at run time
// (graphc::Program::load; kernels compiled by NVRTC, GEMMs captured from cuBLAS with the
// instance's handle), launched once per token with Instance::set("pos", ...) before each,
// the residual stream of every step checked against the same CPU reference as the
// generated path.
//
//   sample_transformer_decode_runtime samples/transformer_decode/transformer_decode.graph [--print h_out]
#include <cuda_runtime_api.h>

#include <vector>

#include "common/sample_main.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "reference.h"

namespace {

namespace ref = graphc::samples::transformer_decode;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options& options) {
  graphc::Program program = graphc::Program::load(options.positional[0]);
  graphc::Instance instance = program.instantiate("decode");
  const auto* h_out = static_cast<const float*>(instance.buffer("h_out"));
  const std::size_t count = instance.buffer_bytes("h_out") / sizeof(float);
  std::vector<float> hidden;
  for (int pos = 0; pos < ref::kSteps; ++pos) {
    instance.set("pos", pos);
    instance.launch();
    graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
    hidden.insert(hidden.end(), h_out, h_out + count);
  }
  return {{"h_out", {hidden.begin(), hidden.begin() + static_cast<long>(count)}}, {"hidden", hidden}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "transformer_decode (runtime)", 1, run,
                                      {{"h_out", [] { return ref::reference(1); }, 1e-4},
                                       {"hidden", [] { return ref::reference(ref::kSteps); }, 1e-4}});
}

// transformer_decode, runtime path: transformer_decode.graph loaded at run time
// (graphc::Program::load; kernels compiled by NVRTC, GEMMs captured from cuBLAS with the
// instance's handle), launched once per token with Instance::set("pos", ...) before each,
// the residual stream of every step checked against the same CPU reference as the
// generated path. Built with TRANSFORMER_DECODE_BF16 (target
// sample_transformer_decode_bf16_runtime), the same for transformer_decode_bf16.graph or
// its YAML, whose bf16 h_out is widened to float for the comparison.
//
//   sample_transformer_decode_runtime samples/transformer_decode/transformer_decode.graph [--print h_out]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "decode_precision.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "reference.h"

namespace {

namespace ref = graphc::samples::transformer_decode;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options& options) {
  graphc::Program program = graphc::Program::load(options.positional[0]);
  graphc::Instance instance = program.instantiate("decode");
  const std::span h_out(static_cast<const ref::Stored*>(instance.buffer("h_out")),
                        instance.buffer_bytes("h_out") / sizeof(ref::Stored));
  std::vector<float> hidden;
  for (int pos = 0; pos < ref::kSteps; ++pos) {
    instance.set("pos", pos);
    instance.launch();
    graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
    for (const ref::Stored v : h_out) hidden.push_back(ref::widen(v));
  }
  return {{"h_out", {hidden.begin(), hidden.begin() + static_cast<long>(h_out.size())}}, {"hidden", hidden}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(
      argc, argv, ref::kRuntimeName, 1, run,
      {{"h_out", [] { return ref::reference(1, ref::kPrecision); }, ref::kTolerance},
       {"hidden", [] { return ref::reference(ref::kSteps, ref::kPrecision); }, ref::kTolerance}});
}

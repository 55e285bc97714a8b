// layer_stack, runtime path: layer_stack.graph loaded at run time (graphc::Program::load,
// which also loads layers.graph; kernels compiled by NVRTC), launched once with the default
// alpha, then again after Instance::set has passed a new alpha on to the kernels inside the
// layers' child graphs; both results checked against the same CPU reference as the
// generated path.
//
//   sample_layer_stack_runtime samples/layer_stack/layer_stack.graph [--print h_out]
#include <cuda_runtime_api.h>

#include <vector>

#include "common/sample_main.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "reference.h"

namespace {

namespace ref = graphc::samples::layer_stack;
using graphc::samples::NamedBuffer;

std::vector<float> launch_and_copy(graphc::Instance& instance) {
  instance.launch();
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  const auto* data = static_cast<const float*>(instance.buffer("h_out"));
  return {data, data + instance.buffer_bytes("h_out") / sizeof(float)};
}

std::vector<NamedBuffer> run(const graphc::samples::Options& options) {
  graphc::Program program = graphc::Program::load(options.positional[0]);
  graphc::Instance instance = program.instantiate("layer_stack");
  std::vector<NamedBuffer> out{{"h_out", launch_and_copy(instance)}};
  instance.set("alpha", 0.75f);  // reaches layers l0, l1 and l3
  out.push_back({"h_out_alpha_075", launch_and_copy(instance)});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "layer_stack (runtime)", 1, run,
                                      {{"h_out", [] { return ref::reference(0.5f); }, 1e-6},
                                       {"h_out_alpha_075", [] { return ref::reference(0.75f); }, 1e-6}});
}

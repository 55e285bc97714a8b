// device_launch, generated path: the graph of device_launch.graph as the C++ that `graphc
// compile` wrote, held by its gen::Graph (which instantiates it with gen::instantiate_flags,
// for device launch, and gives `@countdown` its own exec once instantiation made it),
// launched once from the host, and checked against the CPU reference.
//
//   sample_device_launch_generated [--print h_out]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "common/sample_main.h"
#include "common/stream.h"
#include "device_launch.graph.h"
#include "graphc/generated_support.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::countdown;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  const gen::Graph graph(stream.get());  // x = iota(0), counter = {STEPS}
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");  // after the tail launches
  const std::span<const float> h_out(static_cast<const float*>(graph.bindings().h_out), gen::h_out_count);
  return {{"h_out", {h_out.begin(), h_out.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "device_launch (generated)", 0, run,
                                      {"h_out", graphc::samples::device_launch::reference, 0});
}

// device_launch, generated path: the graph built by the C++ that `graphc compile` wrote
// from device_launch.graph, instantiated with gen::instantiate_flags (for device launch),
// given its own exec for `@countdown` (b.countdown_exec, then update_params and a new
// upload), launched once from the host, and checked against the CPU reference.
//
// It holds the generated parts itself (Storage, build(), graphc::create_graph and
// graphc::instantiate), not a gen::Graph: `@countdown` must be the exec that instantiation
// makes, and a gen::Graph's Bindings are fixed before its exec exists, with no setter for
// countdown_exec.
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
  const gen::Storage storage;  // x = iota(0), counter = {STEPS}
  gen::Bindings bindings = storage.bindings();
  const graphc::GraphHandle graph = graphc::create_graph();
  gen::Nodes nodes;
  gen::build(graph.get(), bindings, nodes);  // @countdown is still null here
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  const graphc::ExecHandle exec = graphc::instantiate(graph.get(), gen::instantiate_flags, stream.get());
  // The kernel that relaunches the graph needs the graph's own exec: set it, then upload
  // again so that device launches see it.
  bindings.countdown_exec = exec.get();
  gen::update_params(exec.get(), nodes, bindings);
  graphc::check_cuda(cudaGraphUpload(exec.get(), stream.get()), "cudaGraphUpload");
  graphc::check_cuda(cudaGraphLaunch(exec.get(), stream.get()), "cudaGraphLaunch");
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");  // after the tail launches
  const std::span<const float> h_out(static_cast<const float*>(bindings.h_out), gen::h_out_count);
  return {{"h_out", {h_out.begin(), h_out.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "device_launch (generated)", 0, run,
                                      {"h_out", graphc::samples::device_launch::reference, 0});
}

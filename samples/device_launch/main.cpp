// device_launch, generated path: the graph built by the C++ that `graphc compile` wrote
// from device_launch.graph, instantiated with gen::instantiate_flags (for device launch),
// given its own exec for `@countdown` (b.countdown_exec, then update_params and a new
// upload), launched once from the host, and checked against the CPU reference.
//
//   sample_device_launch_generated [--print h_out]
#include <span>
#include <vector>

#include "common/cuda_handles.h"
#include "common/sample_main.h"
#include "device_launch.graph.h"
#include "graphc/generated_support.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::countdown;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  const gen::Storage storage;  // x = iota(0), counter = {STEPS}
  gen::Bindings bindings = storage.bindings();
  const graphc::samples::UniqueGraph graph = graphc::samples::create_graph();
  gen::Nodes nodes;
  gen::build(graph.get(), bindings, nodes);  // @countdown is still null here
  const graphc::samples::UniqueStream stream = graphc::samples::create_stream();
  const graphc::samples::UniqueGraphExec exec =
      graphc::samples::instantiate(graph.get(), stream.get(), gen::instantiate_flags);
  // The kernel that relaunches the graph needs the graph's own exec: set it, then upload
  // again so that device launches see it.
  bindings.countdown_exec = exec.get();
  gen::update_params(exec.get(), nodes, bindings);
  graphc::check_cuda(cudaGraphUpload(exec.get(), stream.get()), "cudaGraphUpload");
  graphc::samples::launch_and_wait(exec.get(), stream.get());  // the tail launches finish first
  const std::span<const float> h_out(static_cast<const float*>(bindings.h_out), gen::h_out_count);
  return {{"h_out", {h_out.begin(), h_out.end()}}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "device_launch (generated)", 0, run,
                                      {"h_out", graphc::samples::device_launch::reference, 0});
}

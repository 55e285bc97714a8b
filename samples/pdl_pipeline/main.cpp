// pdl_pipeline, generated path: both graphs of pdl_pipeline.graph (pdl: programmatic
// edges; plain: default edges) built by the C++ that `graphc compile` wrote
// (pdl_pipeline.graph.h / .cu, by graphc_add_graph at build time), each timed over 100
// launches after 10 warm-up launches on one stream, then both results checked against the
// CPU reference. Prints the device time of each and their ratio.
//
//   sample_pdl_pipeline_generated [--print out] [--print plain_out]
#include <cuda_runtime_api.h>

#include <cstdio>
#include <string>
#include <vector>

#include "common/launch_timing.h"
#include "common/sample_main.h"
#include "common/stream.h"
#include "pdl_pipeline.graph.h"
#include "reference.h"

namespace {

using graphc::samples::LaunchTiming;
using graphc::samples::NamedBuffer;
namespace ref = graphc::samples::pdl_pipeline;

struct Timed {
  LaunchTiming timing;
  std::vector<float> out;
};

// One graph of the file: its generated Graph (its own buffers, src = iota(0)), built,
// instantiated and uploaded on `stream`, timed; then its `out` copied back.
template <class Graph>
Timed run_graph(cudaStream_t stream) {
  const Graph graph(stream);
  Timed timed;
  timed.timing = graphc::samples::time_launches(graph.exec(), stream);
  timed.out.resize(ref::n);
  graphc::check_cuda(cudaMemcpy(timed.out.data(), graph.bindings().out, ref::n * sizeof(float), cudaMemcpyDeviceToHost),
                     "cudaMemcpy (out)");
  return timed;
}

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  namespace pdl = graphc::gen::pdl;
  namespace plain = graphc::gen::plain;
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  Timed programmatic = run_graph<pdl::Graph>(stream.get());
  Timed sequential = run_graph<plain::Graph>(stream.get());
  const std::string line = graphc::samples::compare_timings("pdl_pipeline (generated)", "programmatic edges",
                                                            programmatic.timing, "default edges", sequential.timing);
  std::fputs(line.c_str(), stdout);
  return {{"out", std::move(programmatic.out)}, {"plain_out", std::move(sequential.out)}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "pdl_pipeline (generated)", 0, run,
                                      {{"out", ref::reference, 1e-5}, {"plain_out", ref::reference, 1e-5}});
}

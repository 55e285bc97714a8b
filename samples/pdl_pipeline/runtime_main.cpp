// pdl_pipeline, runtime path: pdl_pipeline.graph loaded at run time (graphc::Program::load,
// kernels compiled by NVRTC), both graphs (pdl: programmatic edges; plain: default edges)
// instantiated, each timed over 100 launches after 10 warm-up launches on one stream, then
// both results checked against the same CPU reference as the generated path. Prints the
// device time of each and their ratio. The file is loaded at -O0, so that plain keeps its
// default edges; loaded again at -O1, where the optimiser makes plain's edges programmatic
// (its kernels wait for their dependencies), plain is timed once more against the -O0 one:
// what the optimiser's programmatic launch saves.
//
//   sample_pdl_pipeline_runtime samples/pdl_pipeline/pdl_pipeline.graph [--print out] [--print plain_out]
#include <cuda_runtime_api.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/launch_timing.h"
#include "common/sample_main.h"
#include "common/stream.h"
#include "graphc/program.h"
#include "reference.h"

namespace {

using graphc::samples::LaunchTiming;
using graphc::samples::NamedBuffer;
namespace ref = graphc::samples::pdl_pipeline;

struct Timed {
  LaunchTiming timing;
  std::vector<float> out;
};

// One graph of the program, instantiated (and uploaded) on `stream`, timed; then its
// `out` copied back.
Timed run_graph(graphc::Program& program, const char* graph, cudaStream_t stream) {
  const graphc::Instance instance = program.instantiate(graph, graphc::Bindings{}, stream);
  Timed timed;
  timed.timing = graphc::samples::time_launches(instance.exec(), stream);
  timed.out.resize(instance.buffer_bytes("out") / sizeof(float));
  graphc::check_cuda(cudaMemcpy(timed.out.data(), instance.buffer("out"), instance.buffer_bytes("out"),
                                cudaMemcpyDeviceToHost),
                     "cudaMemcpy (out)");
  return timed;
}

std::vector<NamedBuffer> run(const graphc::samples::Options& options) {
  graphc::LoadOptions unoptimized;
  unoptimized.optimize = false;
  graphc::Program program = graphc::Program::load(options.positional[0], unoptimized);
  graphc::Program optimized = graphc::Program::load(options.positional[0]);
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  Timed programmatic = run_graph(program, "pdl", stream.get());
  Timed sequential = run_graph(program, "plain", stream.get());
  Timed found = run_graph(optimized, "plain", stream.get());
  std::fputs(graphc::samples::compare_timings("pdl_pipeline (runtime)", "programmatic edges", programmatic.timing,
                                              "default edges", sequential.timing)
                 .c_str(),
             stdout);
  std::fputs(graphc::samples::compare_timings("pdl_pipeline (runtime)", "plain at -O1 (edges made programmatic)",
                                              found.timing, "plain at -O0", sequential.timing)
                 .c_str(),
             stdout);
  if (found.out != sequential.out) throw std::runtime_error("plain at -O1 computed other numbers than at -O0");
  return {{"out", std::move(programmatic.out)}, {"plain_out", std::move(sequential.out)}};
}

}  // namespace

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "pdl_pipeline (runtime)", 1, run,
                                      {{"out", ref::reference, 1e-5}, {"plain_out", ref::reference, 1e-5}});
}

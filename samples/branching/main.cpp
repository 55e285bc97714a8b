// branching, generated path: the graph built by the C++ that `graphc compile` wrote from
// branching.graph (branching.graph.h / .cu, by graphc_add_graph at build time), launched
// once; h_out compared with the CPU reference (exactly: every value is an integer or a
// power-of-two fraction of one, so every operation is exact), then the trace of decisions
// h_trace (trace_check.h).
//
//   sample_branching_generated [--print h_out] [--print h_trace]
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#include "branching.graph.h"
#include "common/sample_main.h"
#include "common/stream.h"
#include "reference.h"
#include "trace_check.h"

namespace {

namespace gen = graphc::gen::branching;
namespace br = graphc::samples::branching;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(std::vector<float>& trace) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  // Allocates the buffers (h_in = iota(0)), builds with offset at its default (-300),
  // instantiates and uploads.
  const gen::Graph graph(stream.get());
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  // h_out and h_trace are pinned host memory: the download copies have filled them.
  const std::span<const float> h_out(graph.bindings().h_out, gen::h_out_count);
  const std::span<const float> h_trace(graph.bindings().h_trace, gen::h_trace_count);
  trace.assign(h_trace.begin(), h_trace.end());
  return {{"h_out", {h_out.begin(), h_out.end()}}, {"h_trace", trace}};
}

}  // namespace

int main(int argc, char** argv) {
  constexpr const char* label = "branching (generated)";
  std::vector<float> trace;
  const int status = graphc::samples::sample_main(argc, argv, label, 0,
                                                  [&trace](const graphc::samples::Options&) { return run(trace); },
                                                  {"h_out", [] { return br::reference(br::default_offset).v; }, 0.0});
  return br::check_trace(label, status, trace);
}

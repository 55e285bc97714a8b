// branching, runtime path: branching.graph loaded at run time (graphc::Program::load,
// kernels compiled by NVRTC), launched once, checked as the generated path is: h_out
// against the CPU reference exactly, then the trace of decisions h_trace (trace_check.h).
//
//   sample_branching_runtime samples/branching/branching.graph [--print h_out] [--print h_trace]
#include <vector>

#include "common/run_loaded.h"
#include "common/sample_main.h"
#include "reference.h"
#include "trace_check.h"

int main(int argc, char** argv) {
  namespace br = graphc::samples::branching;
  constexpr const char* label = "branching (runtime)";
  std::vector<float> trace;
  const int status = graphc::samples::sample_main(argc, argv, label, 1,
                                                  [&trace](const graphc::samples::Options& options) {
                                                    std::vector<graphc::samples::NamedBuffer> outputs =
                                                        graphc::samples::run_loaded(options.positional[0], "branching",
                                                                                    {"h_out", "h_trace"});
                                                    trace = outputs[1].values;
                                                    return outputs;
                                                  },
                                                  {"h_out", [] { return br::reference(br::default_offset).v; }, 0.0});
  return br::check_trace(label, status, trace);
}

// graph_memory, runtime path: graph_memory.graph loaded at run time (graphc::Program::load,
// kernels compiled by NVRTC), launched once, checked against the same CPU reference as the
// generated path.
//
//   sample_graph_memory_runtime samples/graph_memory/graph_memory.graph [--print h_out]
#include "common/run_loaded.h"
#include "common/sample_main.h"
#include "reference.h"

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "graph_memory (runtime)", 1,
                                      [](const graphc::samples::Options& options) {
                                        return graphc::samples::run_loaded(options.positional[0], "graph_memory",
                                                                           {"h_out"});
                                      },
                                      {"h_out", graphc::samples::graph_memory::reference, 1e-6});
}

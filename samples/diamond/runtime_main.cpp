// diamond, runtime path: diamond.graph loaded at run time (graphc::Program::load, kernels
// compiled by NVRTC), launched once, checked against the same CPU reference as the
// generated path.
//
//   sample_diamond_runtime samples/diamond/diamond.graph [--print h_out]
#include "common/run_loaded.h"
#include "common/sample_main.h"
#include "reference.h"

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "diamond (runtime)", 1,
                                      [](const graphc::samples::Options& options) {
                                        return graphc::samples::run_loaded(options.positional[0], "diamond", {"h_out"});
                                      },
                                      {"h_out", graphc::samples::diamond::reference, 1e-5});
}

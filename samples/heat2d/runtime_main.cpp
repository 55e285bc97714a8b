// heat2d, runtime path: heat2d.graph loaded at run time (graphc::Program::load, kernels
// compiled by NVRTC), launched once, checked against the same CPU reference as the
// generated path, within 1e-5 relative error (norm-wise).
//
//   sample_heat2d_runtime samples/heat2d/heat2d.graph [--print h_out]
#include "common/run_loaded.h"
#include "common/sample_main.h"
#include "reference.h"

int main(int argc, char** argv) {
  namespace heat = graphc::samples::heat2d;
  return graphc::samples::sample_main(argc, argv, "heat2d (runtime)", 1,
                                      [](const graphc::samples::Options& options) {
                                        return graphc::samples::run_loaded(options.positional[0], "heat2d", {"h_out"});
                                      },
                                      {"h_out", [] { return heat::reference(heat::default_alpha); }, 1e-5});
}

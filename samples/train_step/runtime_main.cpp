// train_step, runtime path: train_step.graph loaded at run time (graphc::Program::load,
// kernels compiled by NVRTC), launched once, checked against the same CPU reference as
// the generated path.
//
//   sample_train_step_runtime samples/train_step/train_step.graph [--print h_data]
#include "common/run_loaded.h"
#include "common/sample_main.h"
#include "reference.h"

int main(int argc, char** argv) {
  namespace ts = graphc::samples::train_step;
  return graphc::samples::sample_main(argc, argv, "train_step (runtime)", 1,
                                      [](const graphc::samples::Options& options) {
                                        return graphc::samples::run_loaded(options.positional[0], "train_step",
                                                                           {"h_data"});
                                      },
                                      {"h_data", [] { return ts::reference(ts::default_scale); }, 1e-5});
}

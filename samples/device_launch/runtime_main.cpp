// device_launch, runtime path: device_launch.graph loaded at run time (graphc::Program::load,
// kernels compiled by NVRTC); Program::instantiate instantiates it for device launch and
// gives `@countdown` its own exec. Launched once, checked against the same CPU reference
// as the generated path.
//
//   sample_device_launch_runtime samples/device_launch/device_launch.graph [--print h_out]
#include "common/run_loaded.h"
#include "common/sample_main.h"
#include "reference.h"

int main(int argc, char** argv) {
  return graphc::samples::sample_main(argc, argv, "device_launch (runtime)", 1,
                                      [](const graphc::samples::Options& options) {
                                        return graphc::samples::run_loaded(options.positional[0], "countdown",
                                                                           {"h_out"});
                                      },
                                      {"h_out", graphc::samples::device_launch::reference, 0});
}

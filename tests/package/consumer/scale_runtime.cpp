// scale_runtime: graph `scale` loaded at run time with graphc::Program::load, launched with
// a = 3, then with a = 5 through Instance::set; each result checked against a * i. Exit 77
// (and says so) where there is no CUDA device.
#include <cstdio>

#include "graphc/generated_support.h"
#include "graphc/program.h"

namespace {

bool expect(const graphc::Instance& instance, float a) {
  const auto* x = static_cast<const float*>(instance.buffer("h_x"));
  const std::size_t count = instance.buffer_bytes("h_x") / sizeof(float);
  for (std::size_t i = 0; i < count; ++i) {
    if (x[i] != a * static_cast<float>(i)) {
      std::printf("x[%zu] = %g, expected %g\n", i, x[i], a * static_cast<float>(i));
      return false;
    }
  }
  return true;
}

void launch(graphc::Instance& instance) {
  instance.launch();
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::puts("SKIP: no CUDA device");
    return 77;
  }
  try {
    graphc::Program program = graphc::Program::load(SCALE_GRAPH);
    graphc::Instance instance = program.instantiate("scale");
    launch(instance);
    bool ok = expect(instance, 3.0f);
    instance.set("a", 5.0f);
    launch(instance);
    ok = expect(instance, 15.0f) && ok;
    std::puts(ok ? "scale_runtime: ok" : "scale_runtime: FAILED");
    return ok ? 0 : 1;
  } catch (const graphc::Error& e) {
    std::printf("scale_runtime: %s\n", e.what());
    return 1;
  }
}

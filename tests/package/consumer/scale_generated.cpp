// scale_generated: graph `scale` owned by the class Graph that graphc_add_graph generated,
// launched with a = 3, then with a = 5 through set_a; each result checked against a * i.
// Exit 77 (and says so) where there is no CUDA device.
#include <cstdio>

#include "scale.graph.h"

namespace gen = graphc::gen::scale;

namespace {

bool expect(const float* x, float a) {
  for (std::size_t i = 0; i < gen::h_x_count; ++i) {
    if (x[i] != a * static_cast<float>(i)) {
      std::printf("x[%zu] = %g, expected %g\n", i, x[i], a * static_cast<float>(i));
      return false;
    }
  }
  return true;
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::puts("SKIP: no CUDA device");
    return 77;
  }
  gen::Graph graph;  // its own buffers (h_x = iota(0)), built, instantiated and uploaded
  graph.launch(nullptr);
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  bool ok = expect(graph.bindings().h_x, 3.0f);

  // h_x now holds 3 i; the upload copies it again, so the second launch makes 15 i.
  graph.set_a(5.0f);
  graph.launch(nullptr);
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  ok = expect(graph.bindings().h_x, 15.0f) && ok;

  std::puts(ok ? "scale_generated: ok" : "scale_generated: FAILED");
  return ok ? 0 : 1;
}

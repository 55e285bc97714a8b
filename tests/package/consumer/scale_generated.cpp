// scale_generated: graph `scale` built by the C++ that graphc_add_graph generated,
// launched with a = 3, then with a = 5 through update_params; each result checked against
// a * i. Exit 77 (and says so) where there is no CUDA device.
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
  const gen::Storage storage;
  gen::Bindings b = storage.bindings();
  cudaGraph_t graph = nullptr;
  graphc::check_cuda(cudaGraphCreate(&graph, 0), "cudaGraphCreate");
  gen::Nodes nodes;
  gen::build(graph, b, nodes);
  cudaGraphExec_t exec = nullptr;
  graphc::check_cuda(cudaGraphInstantiate(&exec, graph, gen::instantiate_flags), "cudaGraphInstantiate");
  graphc::check_cuda(cudaGraphLaunch(exec, nullptr), "cudaGraphLaunch");
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  bool ok = expect(b.h_x, 3.0f);

  // h_x now holds 3 i; the upload copies it again, so the second launch makes 15 i.
  b.a = 5.0f;
  gen::update_params(exec, nodes, b);
  graphc::check_cuda(cudaGraphLaunch(exec, nullptr), "cudaGraphLaunch");
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  ok = expect(b.h_x, 15.0f) && ok;

  graphc::check_cuda(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  graphc::check_cuda(cudaGraphDestroy(graph), "cudaGraphDestroy");
  std::puts(ok ? "scale_generated: ok" : "scale_generated: FAILED");
  return ok ? 0 : 1;
}

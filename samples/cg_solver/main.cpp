// cg_solver, generated path: the graph built by the C++ that `graphc compile` wrote from
// cg_solver.graph (cg_solver.graph.h / .cu, by graphc_add_graph at build time), launched
// once (the WHILE node runs the CG iterations on the device until it converges), x
// compared with the CPU's CG solution within x_tolerance (norm-wise), then the iteration
// count and residual checked (convergence.h).
//
//   sample_cg_solver_generated [--print h_x]
//
// Built with CG_SOLVER_LIBRARY defined, it is sample_cg_solver_library_generated: the same
// program on the C++ written from cg_solver_library.graph (cuSPARSE and cuBLAS for the
// vector work), whose graph has the same name and result buffers.
#include <cuda_runtime_api.h>

#include <span>
#include <vector>

#ifdef CG_SOLVER_LIBRARY
#include "cg_solver_library.graph.h"
#else
#include "cg_solver.graph.h"
#endif
#include "common/sample_main.h"
#include "common/stream.h"
#include "convergence.h"
#include "reference.h"

namespace {

namespace gen = graphc::gen::cg_solver;
namespace cg = graphc::samples::cg_solver;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(cg::GpuResult& result) {
  const graphc::StreamHandle stream = graphc::samples::create_stream();
  // Allocates the buffers (none has initial contents), builds, instantiates and uploads.
  const gen::Graph graph(stream.get());
  graph.launch(stream.get());
  graphc::check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
  // The h_ buffers are pinned host memory: the copies after the loop have filled them.
  const gen::Bindings& bindings = graph.bindings();
  result.iterations = bindings.h_iters[0];
  result.residual = bindings.h_residual[0];
  const std::span<const float> h_x(bindings.h_x, gen::h_x_count);
  return {{"h_x", {h_x.begin(), h_x.end()}},
          {"h_iters", {static_cast<float>(result.iterations)}},
          {"h_residual", {result.residual}}};
}

}  // namespace

int main(int argc, char** argv) {
#ifdef CG_SOLVER_LIBRARY
  constexpr const char* label = "cg_solver_library (generated)";
#else
  constexpr const char* label = "cg_solver (generated)";
#endif
  cg::GpuResult gpu;
  cg::CpuReference cpu;
  const int status =
      graphc::samples::sample_main(argc, argv, label, 0, [&gpu](const graphc::samples::Options&) { return run(gpu); },
                                   {"h_x", [&cpu] { return cpu.x(); }, cg::x_tolerance});
  return cg::check_convergence(label, status, gpu, cpu);
}
